#!/usr/bin/env python3
"""Extract tests/data/coins_wallet_core.json from Trust Wallet wallet-core's own tests.

Input: a checkout (or `git show`) of trustwallet/wallet-core at the commit named in COMMIT. Two
kinds of records, both copied mechanically:

  * "derive-address": tests/common/CoinAddressDerivationTests.cpp derives one address per coin
    from the private key 0x4646…46 (32 bytes; Cardano's extended key is six copies of it) and
    asserts it in a `case TWCoinTypeX: EXPECT_EQ(address, "…")` block. Each registry coin's
    TWCoinType gives one record.
  * "key-address": per-chain tests (tests/chains/<Chain>/…) that print a private key, its public
    key and the address in one test. These are listed by hand in CHAIN_TESTS (file, test name)
    and their hex/address literals are read from the file.

The public key of a "derive-address" record is not printed by wallet-core. It is computed here
from the private key with coincurve (secp256k1), ecdsa (P-256), PyNaCl (ed25519) and bip_utils'
Ed25519Blake2b key (Nano), and marked `"public_key_origin": "computed"`. Every record is checked:
the address is re-encoded from the public key with bip_utils 2.12.3's encoder for the coin and
must equal wallet-core's address (`"checked_with"` names the encoder); a record that does not match
is not written.

Usage:
  /work/venv-bip-utils/bin/python scripts/extract_wallet_core_vectors.py WALLET_CORE_GIT_DIR \
      > tests/data/coins_wallet_core.json
"""

import json
import re
import subprocess
import sys
from importlib.metadata import version

import coincurve
import ecdsa
import nacl.bindings
import nacl.signing
from bip_utils import (
    AdaShelleyAddrEncoder, AdaShelleyAddrNetworkTags, Bip44Coins, Bip84Coins, Ed25519Blake2bPrivateKey, P2PKHAddrEncoder,
    P2WPKHAddrEncoder,
)
from bip_utils.bip.conf.bip44 import Bip44ConfGetter
from bip_utils.bip.conf.bip84 import Bip84ConfGetter

COMMIT = "5295dc4fe299c527b7984611afb597ba003f6ce2"
AVAX_COMMIT = "ed88b2e2fb2ca1f6b73fb9a0d5cf378f6c1521ee"
DERIVE_FILE = "tests/common/CoinAddressDerivationTests.cpp"
DUMMY_KEY = "46" * 32

# TWCoinType -> (registry slug, kind, curve). `kind` follows tests/data/coins_bip_utils.json:
# "default" when wallet-core prints the registry's default kind for the coin.
TW_COINS = {
    "Ethereum": ("ethereum", "default", "secp256k1"),
    "EthereumClassic": ("ethereum-classic", "default", "secp256k1"),
    "SmartChain": ("bnb-smart-chain", "default", "secp256k1"),
    "AvalancheCChain": ("avalanche-c", "default", "secp256k1"),
    "Polygon": ("polygon", "default", "secp256k1"),
    "Arbitrum": ("arbitrum", "default", "secp256k1"),
    "Optimism": ("optimism", "default", "secp256k1"),
    "Fantom": ("fantom", "default", "secp256k1"),
    "Celo": ("celo", "default", "secp256k1"),
    "Theta": ("theta", "default", "secp256k1"),
    "VeChain": ("vechain", "default", "secp256k1"),
    "OKXChain": ("okex-chain", "eip55", "secp256k1"),
    "Stellar": ("stellar", "default", "ed25519"),
    "NEO": ("neo", "default", "nist256p1"),
    "Ontology": ("ontology", "default", "nist256p1"),
    "Terra": ("terra", "default", "secp256k1"),
    "Zcash": ("zcash", "p2pkh", "secp256k1"),
    "Algorand": ("algorand", "default", "ed25519"),
    "BandChain": ("band", "default", "secp256k1"),
    "Binance": ("binance-chain", "default", "secp256k1"),
    "Bitcoin": ("bitcoin", "p2wpkh", "secp256k1"),
    "BitcoinCash": ("bitcoin-cash", "cashaddr", "secp256k1"),
    "Cardano": ("cardano", "cardano-base", "ed25519-bip32"),
    "Cosmos": ("cosmos", "default", "secp256k1"),
    "Dash": ("dash", "p2pkh", "secp256k1"),
    "DigiByte": ("digibyte", "p2wpkh", "secp256k1"),
    "Dogecoin": ("dogecoin", "p2pkh", "secp256k1"),
    "ECash": ("ecash", "cashaddr", "secp256k1"),
    "EOS": ("eos", "default", "secp256k1"),
    "MultiversX": ("multiversx", "default", "ed25519"),
    "TON": ("ton", "default", "ed25519"),
    "Filecoin": ("filecoin", "default", "secp256k1"),
    "Harmony": ("harmony", "default", "secp256k1"),
    "ICON": ("icon", "default", "secp256k1"),
    "Kava": ("kava", "default", "secp256k1"),
    "Kusama": ("kusama", "default", "ed25519"),
    "Litecoin": ("litecoin", "p2wpkh", "secp256k1"),
    "NEAR": ("near", "default", "ed25519"),
    "Nano": ("nano", "default", "ed25519-blake2b"),
    "Nimiq": ("nimiq", "default", "ed25519"),
    "Osmosis": ("osmosis", "default", "secp256k1"),
    "Polkadot": ("polkadot", "default", "ed25519"),
    "Solana": ("solana", "default", "ed25519"),
    "Tezos": ("tezos", "default", "ed25519"),
    "Tron": ("tron", "default", "secp256k1"),
    "Verge": ("verge", "p2pkh", "secp256k1"),
    "XRP": ("ripple", "default", "secp256k1"),
    "Zilliqa": ("zilliqa", "default", "secp256k1"),
    "Aptos": ("aptos", "default", "ed25519"),
    "Sui": ("sui", "default", "ed25519"),
    "Secret": ("secret", "default", "secp256k1"),
    "NativeInjective": ("injective", "default", "secp256k1"),
    "Axelar": ("axelar", "default", "secp256k1"),
    "Neutron": ("neutron", "default", "secp256k1"),
    "FetchAI": ("fetch-ai", "default", "secp256k1"),
    "Akash": ("akash", "default", "secp256k1"),
    "Tia": ("celestia", "default", "secp256k1"),
    "Dydx": ("dydx", "default", "secp256k1"),
}

# Registry slug -> the bip_utils Bip44Coins member whose encoder checks the "default" kind.
CHECK_ENUM = {
    "ethereum": Bip44Coins.ETHEREUM, "ethereum-classic": Bip44Coins.ETHEREUM_CLASSIC,
    "bnb-smart-chain": Bip44Coins.BINANCE_SMART_CHAIN, "avalanche-c": Bip44Coins.AVAX_C_CHAIN,
    "polygon": Bip44Coins.POLYGON, "arbitrum": Bip44Coins.ARBITRUM, "optimism": Bip44Coins.OPTIMISM,
    "fantom": Bip44Coins.FANTOM_OPERA, "celo": Bip44Coins.CELO, "theta": Bip44Coins.THETA,
    "vechain": Bip44Coins.VECHAIN, "okex-chain": Bip44Coins.OKEX_CHAIN_ETH,
    "stellar": Bip44Coins.STELLAR, "neo": Bip44Coins.NEO_LEGACY, "ontology": Bip44Coins.ONTOLOGY,
    "terra": Bip44Coins.TERRA, "zcash": Bip44Coins.ZCASH, "algorand": Bip44Coins.ALGORAND,
    "band": Bip44Coins.BAND_PROTOCOL, "binance-chain": Bip44Coins.BINANCE_CHAIN,
    "bitcoin-cash": Bip44Coins.BITCOIN_CASH, "cosmos": Bip44Coins.COSMOS, "dash": Bip44Coins.DASH,
    "dogecoin": Bip44Coins.DOGECOIN, "ecash": Bip44Coins.ECASH, "eos": Bip44Coins.EOS,
    "multiversx": Bip44Coins.MULTIVERSX, "ton": Bip44Coins.TON, "filecoin": Bip44Coins.FILECOIN,
    "harmony": Bip44Coins.HARMONY_ONE_ATOM, "icon": Bip44Coins.ICON, "kava": Bip44Coins.KAVA,
    "kusama": Bip44Coins.KUSAMA_ED25519_SLIP, "near": Bip44Coins.NEAR_PROTOCOL,
    "nano": Bip44Coins.NANO, "nimiq": Bip44Coins.NIMIQ, "osmosis": Bip44Coins.OSMOSIS,
    "polkadot": Bip44Coins.POLKADOT_ED25519_SLIP, "solana": Bip44Coins.SOLANA,
    "tezos": Bip44Coins.TEZOS, "tron": Bip44Coins.TRON, "verge": Bip44Coins.VERGE,
    "ripple": Bip44Coins.RIPPLE, "zilliqa": Bip44Coins.ZILLIQA, "aptos": Bip44Coins.APTOS,
    "sui": Bip44Coins.SUI, "secret": Bip44Coins.SECRET_NETWORK_NEW,
    "injective": Bip44Coins.INJECTIVE, "axelar": Bip44Coins.AXELAR, "neutron": Bip44Coins.NEUTRON,
    "fetch-ai": Bip44Coins.FETCH_AI, "akash": Bip44Coins.AKASH_NETWORK,
    "celestia": Bip44Coins.CELESTIA, "dydx": Bip44Coins.DYDX, "avalanche-p": Bip44Coins.AVAX_P_CHAIN,
    "avalanche-x": Bip44Coins.AVAX_X_CHAIN, "neo-n3": Bip44Coins.NEO_N3,
    "litecoin": Bip44Coins.LITECOIN, "bitcoin": Bip44Coins.BITCOIN, "digibyte": Bip44Coins.DIGIBYTE,
    "ergo": Bip44Coins.ERGO, "pi-network": Bip44Coins.PI_NETWORK, "bitcoin-sv": Bip44Coins.BITCOIN_SV,
}

# Per-chain tests, chosen by hand: (slug, kind, file under tests/chains/, line of the key literal,
# "private" or "public", line of the address literal). The literals are read from those lines.
CHAIN_TESTS = [
    ("tron", "default", "Tron/AddressTests.cpp", 14, "private", 17),
    ("tron", "default", "Tron/AddressTests.cpp", 19, "private", 22),
    ("neo", "default", "NEO/AddressTests.cpp", 45, "public", 46),
    ("neo", "default", "NEO/AddressTests.cpp", 66, "private", 69),
    ("ontology", "default", "Ontology/AddressTests.cpp", 24, "public", 25),
    ("nano", "default", "Nano/AddressTests.cpp", 18, "public", 20),
    ("nano", "default", "Nano/TWNanoAddressTests.cpp", 27, "private", 33),
    ("zilliqa", "default", "Zilliqa/AddressTests.cpp", 18, "private", 21),
    ("icon", "default", "ICON/AddressTests.cpp", 35, "private", 39),
    ("eos", "default", "EOS/AddressTests.cpp", 43, "private", 50),
    ("eos", "default", "EOS/AddressTests.cpp", 44, "private", 51),
    ("nimiq", "default", "Nimiq/AddressTests.cpp", 59, "public", 61),
    ("harmony", "default", "Harmony/AddressTests.cpp", 41, "private", 44),
    ("zcash", "p2pkh", "Zcash/AddressTests.cpp", 15, "private", 19),
    ("zcash", "p2pkh", "Zcash/AddressTests.cpp", 25, "private", 29),
    ("algorand", "default", "Algorand/AddressTests.cpp", 32, "private", 34),
    ("algorand", "default", "Algorand/AddressTests.cpp", 38, "public", 40),
    ("aptos", "default", "Aptos/AddressTests.cpp", 42, "private", 46),
    ("aptos", "default", "Aptos/AddressTests.cpp", 50, "public", 53),
    ("solana", "default", "Solana/AddressTests.cpp", 33, "public", 34),
    ("binance-chain", "default", "Binance/AddressTests.cpp", 34, "public", 36),
    ("cosmos", "default", "Cosmos/AddressTests.cpp", 28, "private", 34),
    ("secret", "default", "Cosmos/Secret/TWAnyAddressTests.cpp", 16, "private", 9),
    ("injective", "default", "Cosmos/NativeInjective/TWAnyAddressTests.cpp", 18, "private", 9),
    ("polkadot", "default", "Polkadot/TWAnyAddressTests.cpp", 46, "private", 50),
    ("polkadot", "default", "Polkadot/TWAnyAddressTests.cpp", 54, "public", 57),
    ("polkadot", "default", "Polkadot/TWAnyAddressTests.cpp", 61, "public", 63),
    ("kusama", "default", "Kusama/TWAnyAddressTests.cpp", 38, "private", 42),
    ("kusama", "default", "Kusama/TWAnyAddressTests.cpp", 46, "public", 49),
    ("litecoin", "p2pkh", "Litecoin/LitecoinAddressTests.cpp", 22, "public", 24),
    ("litecoin", "p2wpkh", "Litecoin/LitecoinAddressTests.cpp", 31, "public", 33),
    ("verge", "p2pkh", "Verge/AddressTests.cpp", 29, "private", 32),
    ("verge", "p2pkh", "Verge/AddressTests.cpp", 39, "public", 41),
    ("tezos", "default", "Tezos/TWAnySignerTests.cpp", 19, "private", 31),
    ("bitcoin-cash", "p2pkh", "BitcoinCash/TWBitcoinCashTests.cpp", 63, "private", 67),
    ("bitcoin-cash", "cashaddr", "BitcoinCash/TWBitcoinCashTests.cpp", 63, "private", 71),
    ("ecash", "p2pkh", "ECash/TWECashTests.cpp", 60, "private", 64),
    ("ecash", "cashaddr", "ECash/TWECashTests.cpp", 60, "private", 68),
]

# Removed from wallet-core later (its Avalanche X-chain support): (slug, kind, path, key line,
# key kind, address line, commit).
OLD_TESTS = [
    ("avalanche-x", "default", "tests/Avalanche/AddressTests.cpp", 38, "private", 40, AVAX_COMMIT),
    ("avalanche-x", "default", "tests/Avalanche/AddressTests.cpp", 44, "public", 46, AVAX_COMMIT),
]

KEY_RE = re.compile(r'"(?:0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{66})"')
STR_RE = re.compile(r'"([^"]+)"')


def git_show(repo, path, commit=COMMIT):
    return subprocess.run(["git", "-C", repo, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def public_key(priv_hex, curve):
    priv = bytes.fromhex(priv_hex)
    if curve == "secp256k1":
        return coincurve.PrivateKey(priv).public_key.format(compressed=True).hex(), "coincurve"
    if curve == "nist256p1":
        sk = ecdsa.SigningKey.from_string(priv, curve=ecdsa.NIST256p)
        return sk.get_verifying_key().to_string("compressed").hex(), "ecdsa"
    if curve == "ed25519":
        return bytes(nacl.signing.SigningKey(priv).verify_key).hex(), "PyNaCl"
    if curve == "ed25519-blake2b":
        return Ed25519Blake2bPrivateKey.FromBytes(priv).PublicKey().RawCompressed().ToHex()[2:], \
            "bip_utils Ed25519Blake2bPrivateKey"
    if curve == "ed25519-bip32":
        # kL is the scalar itself (no hashing, no clamping): A = kL·B.
        return nacl.bindings.crypto_scalarmult_ed25519_base_noclamp(priv[:32]).hex(), \
            "PyNaCl crypto_scalarmult_ed25519_base_noclamp(kL)"
    raise ValueError(curve)


def encode(slug, kind, pub_hex):
    """The address of pub_hex for slug/kind with bip_utils' encoder, and the encoder's name."""
    pub = bytes.fromhex(pub_hex)
    if kind == "p2wpkh":
        if slug == "digibyte":
            return P2WPKHAddrEncoder.EncodeKey(pub, hrp="dgb", wit_ver=0), "P2WPKHAddrEncoder(hrp=dgb)"
        conf = Bip84ConfGetter.GetConfig(getattr(Bip84Coins, slug.upper()))
        return conf.AddrClass().EncodeKey(pub, **conf.AddrParams()), f"Bip84Coins.{slug.upper()}"
    if kind == "cardano-base":
        return AdaShelleyAddrEncoder.EncodeKey(pub, pub_skey=pub, net_tag=AdaShelleyAddrNetworkTags.MAINNET), \
            "AdaShelleyAddrEncoder(pub_skey=the same key)"
    if kind == "p2pkh" and slug in ("bitcoin-cash", "ecash"):
        return P2PKHAddrEncoder.EncodeKey(pub, net_ver=b"\x00"), "P2PKHAddrEncoder(net_ver=00)"
    enum = CHECK_ENUM[slug]
    conf = Bip44ConfGetter.GetConfig(enum)
    if curve_of(slug).startswith("ed25519"):
        pub = b"\x00" + pub
    params = conf.AddrParamsWithResolvedCalls(pub) if hasattr(conf, "AddrParamsWithResolvedCalls") \
        else conf.AddrParams()
    return conf.AddrClass().EncodeKey(pub, **params), f"Bip44Coins.{enum.name}"


CURVES = {slug: curve for slug, _, curve in TW_COINS.values()} | {"avalanche-x": "secp256k1"}


def curve_of(slug):
    return CURVES[slug]


def derive_records(repo):
    text = git_show(repo, DERIVE_FILE)
    test = text.index("TEST(Coin, DeriveAddress)")
    # The second switch of the test holds the expected addresses.
    start = text.index("switch (c)", text.index("switch (c)", test) + 1)
    body = text[start:text.index("end_of_coin_address_derivation_tests_marker_do_not_modify")]
    assert f'parse_hex("0x{DUMMY_KEY}")' in text
    lines = text[:start].count("\n") + 1
    records = []
    pending = []
    for n, line in enumerate(body.splitlines(), start=lines):
        m = re.match(r"\s*case TWCoinType(\w+):", line)
        if m:
            pending.append(m.group(1))
            continue
        m = re.match(r'\s*EXPECT_EQ\(address, "([^"]+)"\);', line)
        if m:
            for tw in pending:
                if tw in TW_COINS:
                    slug, kind, curve = TW_COINS[tw]
                    priv = DUMMY_KEY * 2 if curve == "ed25519-bip32" else DUMMY_KEY
                    records.append({"coin": slug, "kind": kind, "tw_coin_type": f"TWCoinType{tw}",
                                    "record": "derive-address", "private_key": priv,
                                    "address": m.group(1), "line": n,
                                    "path": DERIVE_FILE, "public_key": None,
                                    "commit": COMMIT})
            pending = []
            continue
        if line.strip().startswith("break;") or line.strip().startswith("//") or not line.strip():
            continue
        if "switch" in line or "{" in line or "}" in line:
            continue
        raise SystemExit(f"unexpected line {n}: {line!r}")
    return records


def chain_records(repo):
    records = []
    tests = [(s, k, f"tests/chains/{rel}", kl, ki, al, COMMIT) for s, k, rel, kl, ki, al in CHAIN_TESTS]
    for slug, kind, path, key_line, key_is, addr_line, commit in tests + OLD_TESTS:
        lines = git_show(repo, path, commit).splitlines()
        key = KEY_RE.findall(lines[key_line - 1])
        addr = STR_RE.findall(lines[addr_line - 1])
        assert len(key) == 1 and len(addr) == 1, (path, key_line, addr_line)
        rec = {"coin": slug, "kind": kind, "tw_coin_type": None, "record": "key-address",
               "private_key": key[0].lower() if key_is == "private" else None,
               "public_key": key[0].lower() if key_is == "public" else None,
               "address": addr[0], "commit": commit, "path": path, "key_line": key_line, "line": addr_line}
        records.append(rec)
    return records


def main():
    repo = sys.argv[1]
    out = []
    seen = set()
    for rec in derive_records(repo) + chain_records(repo):
        slug, kind = rec["coin"], rec["kind"]
        if rec["record"] == "derive-address":
            assert (slug, kind) not in seen, slug
            seen.add((slug, kind))
        if rec["public_key"] is None:
            pub, how = public_key(rec["private_key"], curve_of(slug))
            origin = "computed"
        else:
            pub, how, origin = rec["public_key"], None, "published"
        try:
            addr, enc = encode(slug, kind, pub)
        except Exception as err:  # noqa: BLE001 - a key bip_utils refuses is reported and skipped
            print(f"skip {slug} {kind} {rec['path']}:{rec['line']}: {err}", file=sys.stderr)
            continue
        if addr != rec["address"]:
            print(f"skip {slug} {kind} {rec['path']}:{rec['line']}: wallet-core {rec['address']} "
                  f"bip_utils {addr}", file=sys.stderr)
            continue
        lines = f"{rec['line']}" if "key_line" not in rec else f"{rec['key_line']},{rec['line']}"
        case = {
            "coin": slug, "kind": kind, "curve": curve_of(slug), "record": rec["record"],
            "private_key": rec["private_key"], "public_key": pub, "public_key_origin": origin,
        }
        if how:
            case["public_key_by"] = how
        case.update({
            "address": rec["address"], "tw_coin_type": rec["tw_coin_type"],
            "source": f"trustwallet/wallet-core {rec['path']}:{lines}", "commit": rec["commit"],
            "checked_with": f"bip_utils {version('bip_utils')} {enc}",
        })
        out.append(case)
    doc = {
        "source": "trustwallet/wallet-core", "commit": COMMIT,
        "generator": "scripts/extract_wallet_core_vectors.py",
        "notes": "private_key: raw 32 bytes (Cardano: kL||kR, the payment and the stake key are the "
                 "same extended key); public_key: 33-byte compressed (secp256k1, P-256) or 32-byte "
                 "ed25519. kind 'default' is the coin's default kind in coins_bip_utils.json; "
                 "'eip55' for okex-chain is wallet-core's EVM form of the OKX Chain address.",
        "cases": out,
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
