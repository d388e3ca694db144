#!/usr/bin/env python3
"""Generate tests/data/coins_bip_utils.json once with bip_utils (the reference tool).

For each of the 68 registry coins (the 66 of the coin list plus bitcoin and cardano): a BIP-39
mnemonic of its own, several derivation paths, and per path and address kind the address, the
private key, the public key, the WIF where bip_utils has one and the account xpub where the coin
has public derivation.

Determinism: the mnemonic of a coin is BIP-39 of the first 16 (12 words) or 32 (24 words) bytes of
SHA-256("fastbip32 coin vectors/" + slug); the coins alternate 12 and 24 words in table order. The
passphrase is empty. Nothing else is random, so a re-run gives the same file byte for byte.

Key text:
  * private_key: hex of the raw 32-byte secp256k1 / P-256 scalar, the 32-byte SLIP-10 seed for the
    ed25519 and ed25519-blake2b coins, and the 64-byte extended key kL||kR for cardano;
  * public_key: hex of the 33-byte compressed SEC1 point (secp256k1, P-256) or of the 32-byte
    ed25519 key. bip_utils prints ed25519 keys as 33 bytes with a leading 0x00; that byte is
    stripped here.

Usage:
  python3 -m venv /work/venv-bip-utils
  /work/venv-bip-utils/bin/pip install bip_utils==2.12.3
  /work/venv-bip-utils/bin/python scripts/gen_coin_vectors.py > tests/data/coins_bip_utils.json
"""

import hashlib
import json
import platform
import sys
from importlib.metadata import version

from bip_utils import (
    Bip39MnemonicGenerator, Bip39SeedGenerator, Bip44, Bip44Changes, Bip44Coins, Bip49,
    Bip49Coins, Bip84, Bip84Coins, Bip86, Bip86Coins, CardanoIcarusSeedGenerator,
    CardanoShelley, Cip1852, Cip1852Coins, P2PKHAddrEncoder, TonAddrEncoder,
)
from bip_utils.addr.ton_addr import TonAddrVersions
from bip_utils.bip.conf.bip44 import Bip44ConfGetter

TOOL = "bip_utils " + version("bip_utils")

# slug, curve, [(kind, class name, enum)], first the default kind.
SECP = "secp256k1"
ED = "ed25519"
P256 = "nist256p1"
COINS = [
    ("bitcoin", SECP, [("p2pkh", Bip44, Bip44Coins.BITCOIN), ("p2sh-p2wpkh", Bip49, Bip49Coins.BITCOIN),
                       ("p2wpkh", Bip84, Bip84Coins.BITCOIN), ("p2tr", Bip86, Bip86Coins.BITCOIN)]),
    ("litecoin", SECP, [("p2pkh", Bip44, Bip44Coins.LITECOIN), ("p2sh-p2wpkh", Bip49, Bip49Coins.LITECOIN),
                        ("p2wpkh", Bip84, Bip84Coins.LITECOIN)]),
    ("dogecoin", SECP, [("p2pkh", Bip44, Bip44Coins.DOGECOIN), ("p2sh-p2wpkh", Bip49, Bip49Coins.DOGECOIN)]),
    ("dash", SECP, [("p2pkh", Bip44, Bip44Coins.DASH), ("p2sh-p2wpkh", Bip49, Bip49Coins.DASH)]),
    ("digibyte", SECP, [("p2pkh", Bip44, Bip44Coins.DIGIBYTE)]),
    ("verge", SECP, [("p2pkh", Bip44, Bip44Coins.VERGE)]),
    ("zcash", SECP, [("p2pkh", Bip44, Bip44Coins.ZCASH)]),
    ("bitcoin-sv", SECP, [("p2pkh", Bip44, Bip44Coins.BITCOIN_SV)]),
    ("bitcoin-cash", SECP, [("cashaddr", Bip44, Bip44Coins.BITCOIN_CASH), ("p2pkh", Bip44, Bip44Coins.BITCOIN_CASH)]),
    ("ecash", SECP, [("cashaddr", Bip44, Bip44Coins.ECASH), ("p2pkh", Bip44, Bip44Coins.ECASH)]),
    ("ethereum", SECP, [("default", Bip44, Bip44Coins.ETHEREUM)]),
    ("ethereum-classic", SECP, [("default", Bip44, Bip44Coins.ETHEREUM_CLASSIC)]),
    ("bnb-smart-chain", SECP, [("default", Bip44, Bip44Coins.BINANCE_SMART_CHAIN)]),
    ("avalanche-c", SECP, [("default", Bip44, Bip44Coins.AVAX_C_CHAIN)]),
    ("polygon", SECP, [("default", Bip44, Bip44Coins.POLYGON)]),
    ("arbitrum", SECP, [("default", Bip44, Bip44Coins.ARBITRUM)]),
    ("optimism", SECP, [("default", Bip44, Bip44Coins.OPTIMISM)]),
    ("fantom", SECP, [("default", Bip44, Bip44Coins.FANTOM_OPERA)]),
    ("celo", SECP, [("default", Bip44, Bip44Coins.CELO)]),
    ("theta", SECP, [("default", Bip44, Bip44Coins.THETA)]),
    ("vechain", SECP, [("default", Bip44, Bip44Coins.VECHAIN)]),
    ("tron", SECP, [("default", Bip44, Bip44Coins.TRON)]),
    ("ripple", SECP, [("default", Bip44, Bip44Coins.RIPPLE)]),
    ("cosmos", SECP, [("default", Bip44, Bip44Coins.COSMOS)]),
    ("osmosis", SECP, [("default", Bip44, Bip44Coins.OSMOSIS)]),
    ("akash", SECP, [("default", Bip44, Bip44Coins.AKASH_NETWORK)]),
    ("axelar", SECP, [("default", Bip44, Bip44Coins.AXELAR)]),
    ("band", SECP, [("default", Bip44, Bip44Coins.BAND_PROTOCOL)]),
    ("celestia", SECP, [("default", Bip44, Bip44Coins.CELESTIA)]),
    ("certik", SECP, [("default", Bip44, Bip44Coins.CERTIK)]),
    ("chihuahua", SECP, [("default", Bip44, Bip44Coins.CHIHUAHUA)]),
    ("dydx", SECP, [("default", Bip44, Bip44Coins.DYDX)]),
    ("fetch-ai", SECP, [("default", Bip44, Bip44Coins.FETCH_AI)]),
    ("iris", SECP, [("default", Bip44, Bip44Coins.IRIS_NET)]),
    ("kava", SECP, [("default", Bip44, Bip44Coins.KAVA)]),
    ("neutron", SECP, [("default", Bip44, Bip44Coins.NEUTRON)]),
    ("secret", SECP, [("default", Bip44, Bip44Coins.SECRET_NETWORK_NEW)]),
    ("stafi", SECP, [("default", Bip44, Bip44Coins.STAFI)]),
    ("terra", SECP, [("default", Bip44, Bip44Coins.TERRA)]),
    ("binance-chain", SECP, [("default", Bip44, Bip44Coins.BINANCE_CHAIN)]),
    ("injective", SECP, [("default", Bip44, Bip44Coins.INJECTIVE)]),
    ("okex-chain", SECP, [("default", Bip44, Bip44Coins.OKEX_CHAIN_ATOM)]),
    ("harmony", SECP, [("default", Bip44, Bip44Coins.HARMONY_ONE_ATOM)]),
    ("avalanche-p", SECP, [("default", Bip44, Bip44Coins.AVAX_P_CHAIN)]),
    ("avalanche-x", SECP, [("default", Bip44, Bip44Coins.AVAX_X_CHAIN)]),
    ("eos", SECP, [("default", Bip44, Bip44Coins.EOS)]),
    ("ergo", SECP, [("default", Bip44, Bip44Coins.ERGO)]),
    ("icon", SECP, [("default", Bip44, Bip44Coins.ICON)]),
    ("filecoin", SECP, [("default", Bip44, Bip44Coins.FILECOIN)]),
    ("zilliqa", SECP, [("default", Bip44, Bip44Coins.ZILLIQA)]),
    ("neo", P256, [("default", Bip44, Bip44Coins.NEO_LEGACY)]),
    ("neo-n3", P256, [("default", Bip44, Bip44Coins.NEO_N3)]),
    ("ontology", P256, [("default", Bip44, Bip44Coins.ONTOLOGY)]),
    ("solana", ED, [("default", Bip44, Bip44Coins.SOLANA)]),
    ("algorand", ED, [("default", Bip44, Bip44Coins.ALGORAND)]),
    ("aptos", ED, [("default", Bip44, Bip44Coins.APTOS)]),
    ("sui", ED, [("default", Bip44, Bip44Coins.SUI)]),
    ("near", ED, [("default", Bip44, Bip44Coins.NEAR_PROTOCOL)]),
    ("multiversx", ED, [("default", Bip44, Bip44Coins.MULTIVERSX)]),
    ("polkadot", ED, [("default", Bip44, Bip44Coins.POLKADOT_ED25519_SLIP)]),
    ("kusama", ED, [("default", Bip44, Bip44Coins.KUSAMA_ED25519_SLIP)]),
    ("stellar", ED, [("default", Bip44, Bip44Coins.STELLAR)]),
    ("pi-network", ED, [("default", Bip44, Bip44Coins.PI_NETWORK)]),
    ("tezos", ED, [("default", Bip44, Bip44Coins.TEZOS)]),
    ("nimiq", ED, [("default", Bip44, Bip44Coins.NIMIQ)]),
    ("ton", ED, [("default", Bip44, Bip44Coins.TON)]),
    ("nano", "ed25519-blake2b", [("default", Bip44, Bip44Coins.NANO)]),
    ("cardano", "ed25519-bip32", []),  # Cip1852 + CardanoShelley, below
]

# Extra paths of another bip_utils coin enum with the same address encoder (coin type differs).
ALT_COIN_TYPES = {
    "secret": Bip44Coins.SECRET_NETWORK_OLD,   # m/44'/118'/...
    "fetch-ai": Bip44Coins.FETCH_AI_ETH,       # m/44'/60'/...
    "okex-chain": Bip44Coins.OKEX_CHAIN_ATOM_OLD,  # m/44'/996'/...
}

# ed25519 wallet paths beyond bip_utils' default (every level hardened, SLIP-10).
ED25519_EXTRA = {
    "solana": ["0'/0'", "1'/0'"],  # m/44'/501'/a'/0' (Phantom, solana-keygen)
}


def mnemonic_for(slug, words):
    digest = hashlib.sha256(b"fastbip32 coin vectors/" + slug.encode()).digest()
    entropy = digest[:16] if words == 12 else digest[:32]
    return Bip39MnemonicGenerator().FromEntropy(entropy).ToStr()


def strip_ed_prefix(pub_hex, curve):
    if curve == SECP or curve == P256:
        assert len(pub_hex) == 66
        return pub_hex
    assert len(pub_hex) == 66 and pub_hex.startswith("00"), pub_hex
    return pub_hex[2:]


def relative_paths(curve, default_rel):
    """Paths below m/purpose'/coin' as lists of (index, hardened)."""
    if curve in (SECP, P256):
        return ["0'/0/0", "0'/0/1", "0'/0/7", "0'/0/1000", "0'/1/0", "1'/0/0"]
    # ed25519: bip_utils hardens every level. The default path, the last index 1, 7, 1000, the
    # first (account) index 1, and the full five-level path where the default is shorter.
    parts = default_rel.split("/")
    out = [default_rel]
    for i in (1, 7, 1000):
        out.append("/".join(parts[:-1] + [f"{i}'"]))
    if len(parts) > 1:
        out.append("/".join(["1'"] + parts[1:]))
    if len(parts) < 3:
        for i in (0, 1):
            out.append(f"0'/0'/{i}'")
    return out


PURPOSE = {Bip44: 44, Bip49: 49, Bip84: 84, Bip86: 86}


def coin_node(cls, enum, coin_type=None):
    """m/purpose'/coin' of the coin: bip_utils' Purpose().Coin(), or, with coin_type, the same
    configuration at another coin type (Bip32 DerivePath from the master key)."""
    ctx = cls.FromSeed(SEED, enum)
    if coin_type is None:
        return ctx.Purpose().Coin()
    return cls(ctx.Bip32Object().DerivePath(f"{PURPOSE[cls]}'/{coin_type}'"), ctx.CoinConf())


def derive(cls, enum, rel, coin_type=None):
    """The account node and the node at m/purpose'/coin'/rel, as bip_utils objects of the coin.

    Purpose() and Coin() are bip_utils' own; the rest is Bip32 DerivePath of the relative path
    wrapped in the same class (as bip_utils' DeriveDefaultPath does), so a path of any depth keeps
    the coin's configuration and address encoder.
    """
    coin = coin_node(cls, enum, coin_type)
    conf = coin.CoinConf()
    acct = cls(coin.Bip32Object().DerivePath(rel.split("/")[0]), conf)
    node = cls(coin.Bip32Object().DerivePath(rel), conf)
    return acct, node


def full_path(cls, enum, rel, coin_type=None):
    if coin_type is None:
        coin_type = cls.FromSeed(SEED, enum).CoinConf().CoinIndex()
    return f"m/{PURPOSE[cls]}'/{coin_type}'/{rel}"


def case(slug, curve, kind, cls, enum, rel, note=None, coin_type=None):
    acct, node = derive(cls, enum, rel, coin_type)
    path = full_path(cls, enum, rel, coin_type)
    if kind == "p2pkh" and slug in ("bitcoin-cash", "ecash"):
        conf = node.CoinConf()
        address = P2PKHAddrEncoder.EncodeKey(node.PublicKey().RawCompressed().ToBytes(),
                                             net_ver=conf.m_addr_params["legacy"]["net_ver"])
        producer = (f"{cls.__name__}.FromSeed(seed, Bip44Coins.{enum.name}) keys; "
                    "P2PKHAddrEncoder.EncodeKey(pub, net_ver=<the legacy net_ver of the coin's addr_params>)")
    elif kind == "v4r2-bounceable":
        address = TonAddrEncoder.EncodeKey(node.PublicKey().RawCompressed().ToBytes()[1:],
                                           version=TonAddrVersions.V4, is_bounceable=True)
        producer = (f"{cls.__name__}.FromSeed(seed, Bip44Coins.{enum.name}) keys; "
                    "TonAddrEncoder.EncodeKey(pub, version=TonAddrVersions.V4, is_bounceable=True)")
    else:
        address = node.PublicKey().ToAddress()
        producer = f"{cls.__name__}.FromSeed(seed, {type(enum).__name__}.{enum.name})"
    has_xpub = curve in (SECP, P256)
    out = {
        "path": path,
        "kind": kind,
        "address": address,
        "private_key": node.PrivateKey().Raw().ToHex(),
        "public_key": strip_ed_prefix(node.PublicKey().RawCompressed().ToHex(), curve),
        "wif": (node.PrivateKey().ToWif() or None) if curve == SECP or curve == P256 else None,
        "account_xpub": acct.PublicKey().ToExtended() if has_xpub else None,
        "bip_utils": producer,
    }
    if note:
        out["note"] = note
    return out


def cardano_entry(mnemonic):
    seed = CardanoIcarusSeedGenerator(mnemonic).Generate()
    cases = []
    for a, chg, i in ((0, 0, 0), (0, 0, 1), (0, 0, 7), (0, 0, 1000), (0, 1, 0), (1, 0, 0)):
        acct = Cip1852.FromSeed(seed, Cip1852Coins.CARDANO_ICARUS).Purpose().Coin().Account(a)
        shelley = CardanoShelley.FromCip1852Object(acct).Change(Bip44Changes(chg)).AddressIndex(i)
        pub = shelley.PublicKeys()
        priv = shelley.PrivateKeys()
        base = {
            "path": f"m/1852'/1815'/{a}'/{chg}/{i}",
            "private_key": priv.AddressKey().Raw().ToHex(),
            "public_key": strip_ed_prefix(pub.AddressKey().RawCompressed().ToHex(), ED),
            "wif": None,
            "account_xpub": None,
        }
        cases.append({"path": base["path"], "kind": "cardano-base", "address": pub.ToAddress(),
                      **{k: v for k, v in base.items() if k != "path"},
                      "bip_utils": "CardanoShelley.FromCip1852Object(Cip1852.FromSeed("
                                   "CardanoIcarusSeedGenerator(mnemonic).Generate(), "
                                   "Cip1852Coins.CARDANO_ICARUS)...Account(a)).Change(c).AddressIndex(i)"
                                   ".PublicKeys().ToAddress()",
                      "stake_public_key": strip_ed_prefix(pub.StakingKey().RawCompressed().ToHex(), ED)})
    # The reward (stake) address of each account: m/1852'/1815'/a'/2/0.
    for a in (0, 1):
        acct = Cip1852.FromSeed(seed, Cip1852Coins.CARDANO_ICARUS).Purpose().Coin().Account(a)
        shelley = CardanoShelley.FromCip1852Object(acct).Change(Bip44Changes.CHAIN_EXT).AddressIndex(0)
        cases.append({
            "path": f"m/1852'/1815'/{a}'/2/0",
            "kind": "cardano-reward",
            "address": shelley.PublicKeys().ToRewardAddress(),
            "private_key": shelley.PrivateKeys().StakingKey().Raw().ToHex(),
            "public_key": strip_ed_prefix(shelley.PublicKeys().StakingKey().RawCompressed().ToHex(), ED),
            "wif": None,
            "account_xpub": None,
            "bip_utils": "CardanoShelley...PublicKeys().ToRewardAddress()",
        })
    return {"coin": "cardano", "bip_utils": "Cip1852Coins.CARDANO_ICARUS", "curve": "ed25519-bip32",
            "mnemonic": mnemonic, "passphrase": "", "cases": cases}


def main():
    global SEED
    coins = []
    for n, (slug, curve, kinds) in enumerate(COINS):
        words = 12 if n % 2 == 0 else 24
        mnemonic = mnemonic_for(slug, words)
        if slug == "cardano":
            coins.append(cardano_entry(mnemonic))
            continue
        SEED = Bip39SeedGenerator(mnemonic).Generate("")
        default_enum = kinds[0][2]
        cases = []
        for kind, cls, enum in kinds:
            default_rel = Bip44ConfGetter.GetConfig(enum).DefaultPath() if cls is Bip44 else "0'/0/0"
            for rel in relative_paths(curve, default_rel):
                cases.append(case(slug, curve, kind, cls, enum, rel))
        for rel in ED25519_EXTRA.get(slug, []):
            cases.append(case(slug, curve, "default", Bip44, default_enum, rel))
        if slug in ALT_COIN_TYPES:
            alt = ALT_COIN_TYPES[slug]
            for rel in ("0'/0/0", "0'/0/1"):
                cases.append(case(slug, curve, "default", Bip44, alt, rel,
                                  note=f"coin type of Bip44Coins.{alt.name}"))
        if slug == "ecash":
            # eCash's SLIP-44 coin type (wallet-core's and Electrum ABC's path); bip_utils' ECASH
            # configuration uses 145.
            for kind, cls, enum in kinds:
                for rel in ("0'/0/0", "0'/0/1"):
                    cases.append(case(slug, curve, kind, cls, enum, rel, coin_type=899,
                                      note="coin type 899: Bip44Coins.ECASH's configuration, "
                                           "path derived with Bip32 DerivePath"))
        if slug == "ton":
            default_rel = Bip44ConfGetter.GetConfig(default_enum).DefaultPath()
            for rel in (default_rel, "1'"):
                cases.append(case(slug, curve, "v4r2-bounceable", Bip44, default_enum, rel))
        coins.append({"coin": slug, "bip_utils": f"{type(default_enum).__name__}.{default_enum.name}",
                      "curve": curve, "mnemonic": mnemonic, "passphrase": "", "cases": cases})
    doc = {
        "tool": TOOL,
        "python": platform.python_version(),
        "generator": "scripts/gen_coin_vectors.py",
        "coins": coins,
    }
    json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
