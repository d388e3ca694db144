#!/usr/bin/env python3
"""Recompute the hand-copied second-source coin vectors with reference tools; print a tally.

Checks (nothing is written; a mismatch makes the exit status 1):
  * tests/data/coins_ss58.json: every address is SS58(prefix, public_key) (bip_utils SS58Encoder);
  * tests/data/coins_sr25519_subkey.json: the mini secret of mnemonic + password (bip_utils
    SubstrateBip39SeedGenerator), the sr25519 public key of the mini secret and junctions (bip_utils
    Substrate, which uses py-sr25519-bindings / schnorrkel), and every SS58 address;
  * tests/data/coins_ton.json: every v4r2 address of a public key (bip_utils TonAddrEncoder), and
    the key of each mnemonic case (BIP-39 seed, SLIP-10 ed25519 at the case's path);
  * tests/data/coins_other_sources.json: public keys (python-ecdsa, P-256 / secp256k1), Neo N3 WIF,
    script hash and address, Avalanche X/P addresses, Ergo addresses of mnemonic + path (bip_utils).

Usage:
  /work/venv-bip-utils/bin/pip install bip_utils==2.12.3 py-sr25519-bindings
  /work/venv-bip-utils/bin/python scripts/check_coin_second_sources.py
"""

import json
import sys
from pathlib import Path

import ecdsa
from bip_utils import (
    Base58Decoder,
    Bip32Slip10Ed25519, Bip39SeedGenerator, Bip44, Bip44Coins, WifEncoder, SS58Decoder, SS58Encoder, Substrate, SubstrateCoins,
    SubstrateBip39SeedGenerator, TonAddrEncoder,
)
from bip_utils.addr.ton_addr import TonAddrVersions
from bip_utils.bip.conf.bip44 import Bip44ConfGetter

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
failures = []
checked = 0


def check(label, got, want):
    global checked
    checked += 1
    if got != want:
        failures.append(f"{label}: got {got}, want {want}")


def ss58():
    doc = json.loads((DATA / "coins_ss58.json").read_text())
    for case in doc["cases"]:
        check(f"ss58 {case['address']}",
              SS58Encoder.Encode(bytes.fromhex(case["public_key"]), case["prefix"]), case["address"])
        prefix, key = SS58Decoder.Decode(case["address"])
        check(f"ss58 decode {case['address']}", (prefix, key.hex()), (case["prefix"], case["public_key"]))


def sr25519():
    doc = json.loads((DATA / "coins_sr25519_subkey.json").read_text())
    for case in doc["cases"]:
        if case["mnemonic"] is not None:
            # bip_utils returns the 64-byte PBKDF2 output; the mini secret is its first 32 bytes.
            mini = SubstrateBip39SeedGenerator(case["mnemonic"]).Generate(case["password"])[:32]
            if case["mini_secret"] is not None:
                check(f"sr25519 mini secret {case['uri']}", mini.hex(), case["mini_secret"])
        else:
            mini = bytes.fromhex(case["mini_secret"])
        ctx = Substrate.FromSeed(mini, SubstrateCoins.GENERIC)
        if case["junctions"]:
            ctx = ctx.DerivePath(case["junctions"])
        public = ctx.PublicKey().RawCompressed().ToHex()
        if public.startswith("00") and len(public) == 66:
            public = public[2:]
        if case["public_key"] is not None:
            check(f"sr25519 public key {case['uri']}", public, case["public_key"])
        for prefix, address in case["ss58"].items():
            check(f"sr25519 ss58 {address}", SS58Encoder.Encode(bytes.fromhex(public), int(prefix)), address)


def ton():
    path = DATA / "coins_ton.json"
    if not path.exists():
        return
    doc = json.loads(path.read_text())
    for case in doc["cases"]:
        public = case.get("public_key")
        if case.get("mnemonic"):
            seed = Bip39SeedGenerator(case["mnemonic"]).Generate(case.get("passphrase", ""))
            node = Bip32Slip10Ed25519.FromSeed(seed).DerivePath(case["path"])
            derived = node.PublicKey().RawCompressed().ToHex()[2:]
            if public is not None:
                check(f"ton key {case['path']}", derived, public)
            public = derived
        for kind, address in case["addresses"].items():
            bounceable = kind.endswith("bounceable") and not kind.endswith("non-bounceable")
            check(f"ton {address}",
                  TonAddrEncoder.EncodeKey(bytes.fromhex(public), version=TonAddrVersions.V4,
                                           is_bounceable=bounceable), address)


def other():
    doc = json.loads((DATA / "coins_other_sources.json").read_text())
    enums = {"neo-n3": Bip44Coins.NEO_N3, "ergo": Bip44Coins.ERGO,
             "avalanche-x": Bip44Coins.AVAX_X_CHAIN, "avalanche-p": Bip44Coins.AVAX_P_CHAIN}
    for case in doc["cases"]:
        conf = Bip44ConfGetter.GetConfig(enums[case["coin"]])
        public = case["public_key"]
        if case.get("mnemonic"):
            seed = Bip39SeedGenerator(case["mnemonic"]).Generate(case["passphrase"])
            parts = case["path"].split("/")[3:]  # below m/44'/coin'
            node = Bip44.FromSeed(seed, enums[case["coin"]]).Purpose().Coin()
            node = Bip44(node.Bip32Object().DerivePath("/".join(parts)), conf)
            public = node.PublicKey().RawCompressed().ToHex()
        if case["private_key"] is not None:
            curve = ecdsa.NIST256p if case["curve"] == "nist256p1" else ecdsa.SECP256k1
            key = ecdsa.SigningKey.from_string(bytes.fromhex(case["private_key"]), curve=curve)
            derived = key.get_verifying_key().to_string("compressed").hex()
            if public is None:
                public = derived
            check(f"{case['coin']} public key", derived, public)
        if case.get("wif"):
            check(f"{case['coin']} wif", WifEncoder.Encode(bytes.fromhex(case["private_key"]),
                                                           conf.WifNetVersion()), case["wif"])
        if case.get("script_hash_hex"):
            # neon-js prints the script hash big-endian; the address holds it little-endian.
            payload = Base58Decoder.CheckDecode(case["address"])
            check(f"{case['coin']} script hash", payload[1:][::-1].hex(), case["script_hash_hex"])
        if case["address"] is not None:
            pub = bytes.fromhex(public)
            check(f"{case['coin']} {case['address']}",
                  conf.AddrClass().EncodeKey(pub, **conf.AddrParams()), case["address"])


def main():
    ss58()
    sr25519()
    ton()
    other()
    print(f"{checked} checks, {len(failures)} failed")
    for line in failures:
        print("  " + line)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
