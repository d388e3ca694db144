#!/usr/bin/env python3
"""Generate tests/data/getdescriptorinfo_core.json once with embit (the reference tool).

`fastbip32 descriptor DESC` is Bitcoin Core's `getdescriptorinfo` for the descriptors the
crate parses. This file holds what to expect of it:

* `rpc`: the cases of Bitcoin Core's `test/functional/rpc_getdescriptorinfo.py` that use only
  supported script expressions, with Core's published `isrange`, `issolvable` and
  `hasprivatekeys`. The test asserts that Core's `descriptor` is `descsum_create(desc)`: the
  input itself with its checksum; `expansions` are the test's `expanded_descs` (Core's
  `multipath_expansion`). The checksums here are embit's (`add_checksum`, BIP-380's
  algorithm, as `descsum_create` computes it).
* `rpc_unsupported`: the cases of the same file whose script expressions the crate does not
  parse yet, with Core's answers: refused as unsupported until they are implemented, when
  they move to `rpc`.
* `canonical_checksums`: embit's BIP-380 checksum of every `canonical` form of
  `tests/data/descriptor_core.json` (Core's `ToString` strings), by case id.
* `slip132`: descriptors holding BIP-84's published `zpub` account key and `zprv` root key;
  Core refuses SLIP-132 keys, so the expected canonical form holds the same key as an xpub,
  re-encoded by embit, with embit's checksum.

Usage:  python3 -m venv v && v/bin/pip install embit==0.8.0 && v/bin/python scripts/gen_getdescriptorinfo_vectors.py
"""

import json
from importlib.metadata import version
from pathlib import Path

from embit import bip32
from embit.descriptor.checksum import add_checksum
from embit.networks import NETWORKS

ROOT = Path(__file__).resolve().parent.parent

CORE_COMMIT = "714ace4591733a73746ad167cfbc98c924706234"
TPUB = "tpubD6NzVbkrYhZ4WaWSyoBvQwbpLkojyoTZPRsgXELWz3Popb3qkjcJyJUGLnL4qHHoQvao8ESaAstxYSnhyswJ76uZPStJRJCTKvosUCJZL5B"
INTERNAL_KEY = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

# (id, source, desc, isrange, issolvable, hasprivatekeys, expanded_descs), as published.
RPC = [
    ("rpc-pkh", "core-rpc", "pkh(02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5)", False, True, False, None),
    ("rpc-sh-multi-2of2", "core-rpc", "sh(multi(2,022f01e5e15cca351daff3843fb70f3c2f0a1bdd05e5af888a67784ef3e10a2a01,03acd484e2f0c7f65309ad178a9f559abde09796974c57e714c35f110dfc27ccbe))", False, True, False, None),
    ("rpc-sh-multi-2of3", "core-rpc", "sh(multi(2,03a0434d9e47f3c86235477c7b1ae6ae5d3442d49b1943c2b752a68e2a47e247c7,03774ae7f858a9411e5ef4246b70c65aac5649980be5c17891bbec17895da008cb,03d01115d548e7561b15c38f004d734633687cf4419620095bc5b0f47070afe85a))", False, True, False, None),
    ("rpc-sh-multi-1of3", "core-rpc", "sh(multi(1,03f28773c2d975288bc7d1d205c3748651b075fbc6610e58cddeeddf8f19405aa8,03499fdf9e895e719cfd64e67f07d38e3226aa7b63678949e6e49b241a60e823e4,02d7924d4f7d43ea965a465ae3095ff41131e5946f3c85f79e44adbcf8e27e080e))", False, True, False, None),
    ("rpc-pkh-tpub-steps", "core-rpc", f"pkh({TPUB}/1'/2)", False, True, False, None),
    ("rpc-pkh-tpub-origin-range", "core-rpc", f"pkh([d34db33f/44'/0'/0']{TPUB}/1/*)", True, True, False, None),
    ("rpc-sh-multi-tpub-ranges", "core-rpc", f"sh(multi(1,{TPUB}/1/0/*,{TPUB}/0/0/*))", True, True, False, None),
    ("rpc-bare-multi", "core-rpc", "multi(1,022f8bde4d1a07209355b4a7250a5c5128e88b84bddc619ab7cba8d569b240efe4,025cbdf0646e5db4eaa398f365f2ea7a0e3d419b7e0330e39ce92bddedcac4f9bc)", False, True, False, None),
    ("rpc-tr-xonly", "core-rpc-later", f"tr({INTERNAL_KEY})", False, True, False, None),
    ("rpc-tr-tpub-range", "core-rpc-later", f"tr({TPUB}/0/*)", True, True, False, None),
    ("rpc-tr-tpub-multipath", "core-rpc-later", f"tr({TPUB}/<0;1>/*)", True, True, False, [f"tr({TPUB}/0/*)", f"tr({TPUB}/1/*)"]),
]

# The cases of the same files whose script expressions the crate does not parse (pk(),
# combo(), pkh() inside sh() and wsh(), rawtr(), tr() script trees, raw()),
# with Core's published answers: `fastbip32 descriptor` refuses them as unsupported.
RPC_UNSUPPORTED = [
    ("rpc-pk", "core-rpc", "pk(0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798)", False, True, False),
    ("rpc-sh-pkh", "core-rpc", "sh(pkh(03fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556))", False, True, False),
    ("rpc-combo", "core-rpc", "combo(0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798)", False, True, False),
    ("rpc-pk-tpub", "core-rpc", f"pk({TPUB})", False, True, False),
    ("rpc-rawtr", "core-rpc-later", f"rawtr({INTERNAL_KEY})", False, True, False),
    ("rpc-tr-tree", "core-rpc-later", f"tr({INTERNAL_KEY},pk(c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5))", False, True, False),
    ("rpc-raw-p2tr", "core-rpc-later", f"raw(5120{INTERNAL_KEY})", False, False, False),
    ("rpc-raw-op-return", "core-rpc-later", "raw(6a0464617461)", False, False, False),
]

# BIP-84's published keys: the account xpub m/84'/0'/0' as a zpub, and the root as a zprv.
BIP84_ZPUB = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs"
BIP84_ZPRV = "zprvAWgYBBk7JR8Gjrh4UJQ2uJdG1r3WNRRfURiABBE3RvMXYSrRJL62XuezvGdPvG6GFBZduosCc1YP5wixPox7zhZLfiUm8aunE96BBa4Kei5"


def xpub_of(text):
    key = bip32.HDKey.from_string(text)
    if key.is_private:
        key = key.to_public()
    return key.to_string(version=NETWORKS["main"]["xpub"])


def main():
    rpc = []
    for case_id, source, desc, isrange, issolvable, hasprivatekeys, expanded in RPC:
        case = {
            "id": case_id,
            "source_ref": source,
            "desc": desc,
            "descriptor": add_checksum(desc),
            "isrange": isrange,
            "issolvable": issolvable,
            "hasprivatekeys": hasprivatekeys,
        }
        if expanded is not None:
            case["expansions"] = [add_checksum(d) for d in expanded]
        rpc.append(case)

    unsupported = [
        {
            "id": case_id,
            "source_ref": source,
            "desc": desc,
            "descriptor": add_checksum(desc),
            "isrange": isrange,
            "issolvable": issolvable,
            "hasprivatekeys": hasprivatekeys,
        }
        for case_id, source, desc, isrange, issolvable, hasprivatekeys in RPC_UNSUPPORTED
    ]

    core = json.loads((ROOT / "tests/data/descriptor_core.json").read_text())
    canonical = {
        case["id"]: add_checksum(case["canonical"]).split("#")[1]
        for case in core["valid"]
        if case.get("canonical")
    }

    zpub_xpub = xpub_of(BIP84_ZPUB)
    root_xpub = xpub_of(BIP84_ZPRV)
    slip132 = [
        {
            "id": "bip84-zpub-account",
            "desc": f"wpkh({BIP84_ZPUB}/0/*)",
            "descriptor": add_checksum(f"wpkh({zpub_xpub}/0/*)"),
            "hasprivatekeys": False,
            "from": "zpub",
            "to": "xpub",
        },
        {
            "id": "bip84-zprv-root",
            "desc": f"wpkh({BIP84_ZPRV}/84'/0'/0'/<0;1>/*)",
            "descriptor": add_checksum(f"wpkh({root_xpub}/84'/0'/0'/<0;1>/*)"),
            "hasprivatekeys": True,
            "from": "zprv",
            "to": "xpub",
            "expansions": [
                add_checksum(f"wpkh({root_xpub}/84'/0'/0'/0/*)"),
                add_checksum(f"wpkh({root_xpub}/84'/0'/0'/1/*)"),
            ],
        },
    ]

    out = {
        "source": (
            "core-rpc: bitcoin/bitcoin test/functional/rpc_getdescriptorinfo.py @ "
            f"{CORE_COMMIT} (the cases with supported script expressions); core-rpc-later: a "
            "later revision of the same file (the one whose test_desc takes expanded_descs), "
            "as stored in a public code index that did not record its commit; "
            "canonical_checksums: the canonical forms of tests/data/descriptor_core.json; "
            "slip132: BIP-84's published zpub (m/84'/0'/0') and zprv (root)"
        ),
        "generator": f"scripts/gen_getdescriptorinfo_vectors.py with embit {version('embit')}",
        "notes": (
            "isrange, issolvable, hasprivatekeys and expansions (expanded_descs) are Core's, as "
            "its test asserts them; descriptor is descsum_create(desc), which Core's test "
            "asserts equal to getdescriptorinfo's descriptor. Every checksum and every xpub "
            "re-encoding of a SLIP-132 key is embit's."
        ),
        "rpc": rpc,
        "rpc_unsupported": unsupported,
        "canonical_checksums": canonical,
        "slip132": slip132,
    }
    path = ROOT / "tests/data/getdescriptorinfo_core.json"
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
