"""fastbip32: fast, strict hierarchical deterministic key derivation (BIP-32, SLIP-10,
BIP32-Ed25519/Cardano), addresses, WIF, BIP-39 mnemonics and output descriptors, over the
Rust library of the same name.

Curves take the command-line tool's names (``CURVES``); networks are ``mainnet``,
``testnet``, ``signet``, ``regtest`` (Cardano: ``mainnet``, ``testnet``, ``preprod``,
``preview``); address kinds are ``p2pkh``, ``p2sh-p2wpkh``, ``p2wpkh``, ``p2tr``,
``ethereum``, ``solana``, ``cardano-enterprise``, ``cardano-base``, ``cardano-reward``.
``COINS`` is the coin registry (68 coins, as ``fastbip32 coins --json`` lists them); every
``address`` method takes ``coin=`` (a slug or symbol) for a coin's addresses, of its default
kind or of ``kind``.

Every library error raises ``Error`` (a ``ValueError``) or a subclass, with the library's
message and ``.kind``, the Rust variant's name. The binding's own checks of names and counts
use the kinds ``UnknownCurve``, ``UnknownVersionName``, ``UnknownAddressKind``, ``UnknownCoin``,
``UnknownNetwork``, ``UnsupportedByScheme``, ``InvalidThreadCount`` (1 to 1024 threads),
``ThreadSpawnFailed``, ``InvalidShard``, ``NetworkMismatch`` (a key read from text asked for
another network's address, or a network for a coin without one), ``ForeignAddress`` (a
``recover`` address that is not of the named coin),
``NotARoot``, ``UncompressedKey`` and, on ``PathError``, ``AbsolutePathBelowRoot``. An
allocation that fails raises ``MemoryError``. A wrong Python type raises ``TypeError``; an
integer argument outside its range (a negative index, one of 2**32 or more) raises
``OverflowError``.

Secrets are held by the Rust library, which wipes them when the Python object is
garbage-collected; what is handed out as ``bytes`` or ``str`` (``private_key``,
``to_string()``, ``wif()``, ``str(mnemonic)``, seeds) is a copy Python does not wipe.
"""

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias

import pyarrow

from fastbip32._recovery import Recovered as Recovered
from fastbip32._recovery import recover as recover
from fastbip32._recovery import recovery_space as recovery_space

_Curve: TypeAlias = Literal[
    "secp256k1",
    "nist256p1",
    "ed25519",
    "curve25519",
    "ed25519-bip32",
    "cardano-icarus",
    "cardano-icarus-trezor",
    "p256",
    "secp256r1",
    "prime256v1",
    "cardano-ledger",
]
_Network: TypeAlias = Literal["mainnet", "testnet", "signet", "regtest", "preprod", "preview"]
_BitcoinNetwork: TypeAlias = Literal["mainnet", "testnet", "signet", "regtest"]
_AddressKind: TypeAlias = Literal[
    "p2pkh",
    "p2sh-p2wpkh",
    "p2wpkh",
    "p2tr",
    "ethereum",
    "solana",
    "cardano-enterprise",
    "cardano-base",
    "cardano-reward",
]
_CoinSlug: TypeAlias = Literal[
    "bitcoin",
    "litecoin",
    "dogecoin",
    "dash",
    "digibyte",
    "verge",
    "zcash",
    "bitcoin-sv",
    "bitcoin-cash",
    "ecash",
    "ethereum",
    "ethereum-classic",
    "bnb-smart-chain",
    "avalanche-c",
    "polygon",
    "arbitrum",
    "optimism",
    "fantom",
    "celo",
    "theta",
    "vechain",
    "tron",
    "ripple",
    "cosmos",
    "osmosis",
    "akash",
    "axelar",
    "band",
    "celestia",
    "certik",
    "chihuahua",
    "dydx",
    "fetch-ai",
    "iris",
    "kava",
    "neutron",
    "secret",
    "stafi",
    "terra",
    "binance-chain",
    "injective",
    "okex-chain",
    "harmony",
    "avalanche-p",
    "avalanche-x",
    "eos",
    "ergo",
    "icon",
    "filecoin",
    "zilliqa",
    "neo",
    "neo-n3",
    "ontology",
    "solana",
    "algorand",
    "aptos",
    "sui",
    "near",
    "multiversx",
    "polkadot",
    "kusama",
    "stellar",
    "pi-network",
    "tezos",
    "nimiq",
    "ton",
    "nano",
    "cardano",
]
"""The slugs of ``COINS``, in its order; ``coin=`` also takes a coin's symbol (``"LTC"``)."""
_CoinCurve: TypeAlias = Literal[
    "secp256k1", "nist256p1", "ed25519", "ed25519-bip32", "ed25519-blake2b"
]

__version__: Final[str]
"""The package version (the Rust crate's)."""

CURVES: Final[tuple[_Curve, ...]]
"""The seven curve names: ``secp256k1``, ``nist256p1``, ``ed25519``, ``curve25519``,
``ed25519-bip32``, ``cardano-icarus``, ``cardano-icarus-trezor``."""

class Coin:
    """A coin of the registry, with the fields of ``fastbip32 coins --json``. Immutable;
    pickles as ``coin(slug)``; equal and hashed by its slug."""

    @property
    def coin(self) -> _CoinSlug:
        """The slug: lowercase, hyphenated (``bitcoin-sv``)."""
    @property
    def symbol(self) -> str:
        """The ticker symbol (``BSV``)."""
    @property
    def name(self) -> str:
        """The name (``Bitcoin SV``)."""
    @property
    def slip44(self) -> int:
        """The SLIP-44 coin type."""
    @property
    def curve(self) -> _CoinCurve:
        """The curve its keys are derived on."""
    @property
    def address_kinds(self) -> tuple[str, ...]:
        """Its address kinds, the default first (``("p2wpkh", "p2pkh", "p2sh-p2wpkh")``)."""
    @property
    def default_path(self) -> str:
        """Account 0's first receive address (``m/84'/2'/0'/0/0``)."""
    @property
    def default_path_wallets(self) -> str:
        """The standard or the wallets whose convention the default path is."""
    def to_dict(self) -> dict[str, str | int | list[str]]:
        """The record as ``fastbip32 coins --json`` prints it, fields in its order."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

COINS: Final[tuple[Coin, ...]]
"""Every coin of the registry, Bitcoin first, Cardano last."""

def coin(name: _CoinSlug | str) -> Coin:
    """The coin named by its slug (``"tron"``) or symbol (``"TRX"``, any case; a symbol
    several chains share names its home chain). An unknown name raises ``AddressError``
    (kind ``UnknownCoin``)."""

class Error(ValueError):
    """A library error: the library's message, and ``kind``, the Rust variant's name."""

    kind: str
    """The name of the Rust error variant (``"HardenedOnly"``, ``"BadChecksum"``, …)."""

class PathError(Error):
    """A key path, or a step of one, that the library rejects (``InvalidPath``,
    ``HardenedOnly``, ``HardenedFromPublic``, ``InvalidChildIndex``, ``DepthExceeded``)."""

    segment: int | None
    """The zero-based step of the path the error names, or None."""
    position: int | None
    """The byte offset in the path text the error names, or None."""

class MnemonicError(Error):
    """A mnemonic the library rejects (an unknown word, a wrong word count or checksum, …)."""

    position: int | None
    """The zero-based position of the word the error names, or None."""
    suggestions: list[str]
    """For an unknown word: the closest words of its word list, best first (else empty)."""

class DescriptorError(Error):
    """Any error of a descriptor operation: parsing, deriving, or encoding an address."""

    position: int | None
    """The byte offset in the descriptor text the error names, or None."""
    key: int | None
    """For an error of one key (``kind`` is then the key's own error, ``"BadChecksum"``, …,
    or ``"Invalid"`` for text in the key's place that is not a key): the key's zero-based
    position among the descriptor's keys; else None."""

class AddressError(Error):
    """An address or WIF text the library rejects (``Bech32Checksum``, ``UnknownHrp``, …), or
    a public key it cannot make an address of (``InvalidPublicKey``)."""

class RecoveryError(Error):
    """A recovery search the library rejects: its template (``UnknownWord``,
    ``TooManyUnknownWords``, …), passphrase rules (``InvalidRule``, ``InvalidMaskClass``, …),
    target, options or checkpoint."""

class ExtendedPrivateKey:
    """An extended private key on one of ``CURVES``.

    ``repr()`` shows the curve, depth and fingerprint only; the key is not pickled (pickle
    ``to_string()`` explicitly). ``==`` compares secrets in constant time; keys are not
    hashable.
    """

    @classmethod
    def from_seed(cls, seed: bytes, curve: _Curve = "secp256k1") -> ExtendedPrivateKey:
        """The master key of a 16-to-64-byte seed (BIP-32, SLIP-10; the Ledger method on
        ``ed25519-bip32``). The Icarus curves start from entropy and are refused."""
    @classmethod
    def from_mnemonic(
        cls, mnemonic: str | Mnemonic, passphrase: str = "", curve: _Curve = "secp256k1"
    ) -> ExtendedPrivateKey:
        """The master key of a BIP-39 mnemonic's seed; on the Icarus curves, the Icarus
        master key of its entropy (Cardano's 9-word phrases too). The GIL is released."""
    @classmethod
    def from_entropy(
        cls, entropy: bytes, passphrase: bytes | str = b"", curve: _Curve = "cardano-icarus"
    ) -> ExtendedPrivateKey:
        """The Icarus master key (CIP-3) of BIP-39 entropy and a passphrase, on
        ``cardano-icarus`` and ``cardano-icarus-trezor`` only."""
    @classmethod
    def from_paper_secret(cls, secret: bytes) -> ExtendedPrivateKey:
        """The BIP32-Ed25519 root of a 32-byte secret by the Khovratovich–Law paper's method
        (``ed25519-bip32``); half of all secrets raise ``DiscardedRootKey``."""
    @classmethod
    def from_parts(
        cls,
        private_key: bytes,
        chain_code: bytes,
        depth: int = 0,
        parent_fingerprint: bytes | None = None,
        child_number: int = 0,
        curve: _Curve = "secp256k1",
        version: str | None = None,
    ) -> ExtendedPrivateKey:
        """A key from its parts (the private key: 32 bytes, or 64 on BIP32-Ed25519; the raw
        child number), in the family of ``version`` (None: ``xprv``, or generic CIP-5)."""
    @classmethod
    def parse(cls, text: str, curve: _Curve | None = None) -> ExtendedPrivateKey:
        """``xprv…``/``yprv…``/``zprv…``/``tprv…`` (secp256k1, or nist256p1 when named), or
        CIP-5 ``root_xsk1…``/``acct_xsk1…``/``xprv1…`` (BIP32-Ed25519; the default for such
        text)."""
    @classmethod
    def from_bytes(cls, data: bytes, curve: _Curve | None = None) -> ExtendedPrivateKey:
        """BIP-32's 78-byte serialization (secp256k1 by default, or nist256p1), or 96 bytes
        ``kL ‖ kR ‖ c`` on the BIP32-Ed25519 curves."""
    def derive(self, path: str) -> ExtendedPrivateKey:
        """The key at ``path``: ``"m/44'/0'/0'"`` from a master key, or ``"0/1'"`` relative
        to any key (an absolute path below another key raises ``PathError``, kind
        ``AbsolutePathBelowRoot``); hardened markers ``'``, ``h``, ``H``."""
    @property
    def curve(self) -> str:
        """The curve's name, as in ``CURVES``."""
    @property
    def depth(self) -> int:
        """0 for a master key, one more per derivation step."""
    @property
    def child_number(self) -> int:
        """The child number, hardened bit included (0 for a master key)."""
    @property
    def fingerprint(self) -> bytes:
        """This key's 4-byte fingerprint."""
    @property
    def parent_fingerprint(self) -> bytes:
        """The parent's 4-byte fingerprint (zero for a master key)."""
    @property
    def chain_code(self) -> bytes:
        """The 32-byte chain code."""
    @property
    def public_key(self) -> bytes:
        """33 bytes (SEC1 compressed) on secp256k1 and nist256p1; 32 on ed25519,
        curve25519 and the BIP32-Ed25519 curves."""
    @property
    def private_key(self) -> bytes:
        """32 bytes, or 64 (``kL ‖ kR``) on the BIP32-Ed25519 curves."""
    @property
    def version_name(self) -> str | None:
        """``xprv``, ``zprv``, ``tprv``, … (a CIP-5 prefix on the BIP32-Ed25519 curves), or
        None for a custom version or a curve without text."""
    def to_xpub(self) -> ExtendedPublicKey:
        """The extended public key, in the public twin of this key's version."""
    def to_string(self, version: str | None = None) -> str:
        """The key's text in its own version or in ``version``'s family (``"zprv"``, or
        ``"zpub"`` for its private twin; CIP-5 prefixes on BIP32-Ed25519)."""
    def to_bytes(self) -> bytes:
        """BIP-32's 78 bytes, or ``kL ‖ kR ‖ c`` (96 bytes) on BIP32-Ed25519."""
    def wif(self, network: _BitcoinNetwork = "mainnet") -> str:
        """The private key as compressed WIF (secp256k1)."""
    def address(
        self,
        kind: _AddressKind | str | None = None,
        network: _Network | None = None,
        *,
        coin: _CoinSlug | str | None = None,
        stake_key: bytes | None = None,
    ) -> str:
        """This key's address of ``kind``; with ``coin`` (a slug or symbol of ``COINS``),
        the coin's address of its default kind, or of its kind ``kind``. ``network`` None:
        the key's own (a ``tprv``'s is testnet). A key read from text keeps its version's
        network: another one raises ``Error`` (kind ``NetworkMismatch``); ``network`` is for
        Bitcoin and Cardano only. ``cardano-base`` needs ``stake_key``, the account's ``2/0``
        public key. An unknown coin or a kind the coin lacks raises ``AddressError``
        (``UnknownCoin``, ``UnknownAddressKind``); a coin of another curve ``Error``
        (``UnsupportedByScheme``)."""
    def derive_private_keys(self, start: int, count: int, *, hardened: bool = False) -> list[bytes]:
        """The private keys of the children ``start … start+count−1`` (hardened ones with
        ``hardened``), batched, with the GIL released."""
    def derive_public_keys(self, start: int, count: int, *, hardened: bool = False) -> list[bytes]:
        """The public keys of those children, each from its private key in constant time,
        with the GIL released."""
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]

class ExtendedPublicKey:
    """An extended public key (secp256k1, nist256p1 or BIP32-Ed25519). Pickles as its text
    (BIP32-Ed25519: as its parts, which CIP-5 text does not all hold); hashable."""

    @classmethod
    def from_parts(
        cls,
        public_key: bytes,
        chain_code: bytes,
        depth: int = 0,
        parent_fingerprint: bytes | None = None,
        child_number: int = 0,
        curve: _Curve = "secp256k1",
        version: str | None = None,
    ) -> ExtendedPublicKey:
        """A key from its parts (the public key: 33 bytes, or 32 on BIP32-Ed25519), in the
        family of ``version`` (None: ``xpub``, or generic CIP-5)."""
    @classmethod
    def parse(cls, text: str, curve: _Curve | None = None) -> ExtendedPublicKey:
        """``xpub…``/``ypub…``/``zpub…``/``tpub…`` (secp256k1, or nist256p1 when named), or
        CIP-5 ``root_xvk1…``/``acct_xvk1…``/``xpub1…`` (BIP32-Ed25519)."""
    @classmethod
    def from_bytes(cls, data: bytes, curve: _Curve | None = None) -> ExtendedPublicKey:
        """BIP-32's 78-byte serialization, or 64 bytes ``A ‖ c`` on BIP32-Ed25519."""
    def derive(self, path: str) -> ExtendedPublicKey:
        """The key at ``path`` (normal steps only): relative, or ``m/…`` from a master key
        (an absolute path below another key raises ``PathError``)."""
    @property
    def curve(self) -> str:
        """The curve's name, as in ``CURVES``."""
    @property
    def depth(self) -> int:
        """0 for a master key, one more per derivation step."""
    @property
    def child_number(self) -> int:
        """The child number, hardened bit included."""
    @property
    def fingerprint(self) -> bytes:
        """This key's 4-byte fingerprint."""
    @property
    def parent_fingerprint(self) -> bytes:
        """The parent's 4-byte fingerprint."""
    @property
    def chain_code(self) -> bytes:
        """The 32-byte chain code."""
    @property
    def public_key(self) -> bytes:
        """33 bytes on secp256k1 and nist256p1, 32 on BIP32-Ed25519."""
    @property
    def version_name(self) -> str | None:
        """``xpub``, ``zpub``, ``tpub``, … (a CIP-5 prefix on BIP32-Ed25519), or None."""
    def to_string(self, version: str | None = None) -> str:
        """The key's text in its own version or in ``version`` (a public name)."""
    def to_bytes(self) -> bytes:
        """BIP-32's 78 bytes, or ``A ‖ c`` (64 bytes) on BIP32-Ed25519."""
    def address(
        self,
        kind: _AddressKind | str | None = None,
        network: _Network | None = None,
        *,
        coin: _CoinSlug | str | None = None,
        stake_key: bytes | None = None,
    ) -> str:
        """This key's address of ``kind`` or ``coin`` (see ``ExtendedPrivateKey.address``)."""
    def addresses(
        self,
        start: int = 0,
        count: int = 20,
        *,
        coin: _CoinSlug | str | None = None,
        kind: _AddressKind | str | None = None,
        network: _Network | None = None,
        stake_key: bytes | None = None,
    ) -> list[str]:
        """The addresses of ``coin`` or ``kind`` (as ``address``) of the normal children
        ``start … start+count−1``, batched (variable time: every input is public), with the
        GIL released."""
    def address_table(
        self,
        start: int = 0,
        count: int = 20,
        *,
        coin: _CoinSlug | str | None = None,
        kind: _AddressKind | str | None = None,
        network: _Network | None = None,
        stake_key: bytes | None = None,
        threads: int | None = None,
    ) -> pyarrow.Table:
        """Those children as a ``pyarrow.Table`` (``index`` uint32, ``address`` string,
        ``public_key`` binary), built from Rust buffers on ``threads`` threads (None: every
        core; at most 1024) with the GIL released."""
    def derive_public_keys(self, start: int, count: int) -> list[bytes]:
        """The public keys of the normal children ``start … start+count−1``, batched
        (variable time: every input is public), with the GIL released."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class PrivateKey:
    """A secp256k1 key pair without a chain code, as WIF text and paper wallets hold one:
    compressed (every address kind) or uncompressed (P2PKH and Ethereum only). Not pickled;
    not hashable; ``repr()`` shows the public key only."""

    def __init__(self, private_key: bytes, compressed: bool = True) -> None:
        """The key pair of a 32-byte private key (``0 < k < n``)."""
    @classmethod
    def from_wif(cls, text: str) -> PrivateKey:
        """Reads WIF text, compressed (``K…``, ``L…``, ``c…``) or uncompressed (``5…``,
        ``9…``); the key keeps the text's network."""
    @property
    def compressed(self) -> bool:
        """Whether the public key is written compressed."""
    @property
    def public_key(self) -> bytes:
        """33 bytes (compressed), or 65 (``04 ‖ x ‖ y``) for an uncompressed key."""
    @property
    def private_key(self) -> bytes:
        """The 32-byte private key."""
    def wif(self, network: _BitcoinNetwork | None = None) -> str:
        """The key as WIF (compressed or not, as the key is); ``network`` None: the WIF
        text's, else mainnet."""
    def address(
        self,
        kind: _AddressKind | str | None = None,
        network: _BitcoinNetwork | None = None,
        *,
        coin: _CoinSlug | str | None = None,
    ) -> str:
        """The address of ``kind``, or with ``coin`` the coin's (its default kind, or its kind
        ``kind``); an uncompressed key has ``p2pkh`` and ``ethereum`` only (``Error``, kind
        ``UncompressedKey``, for segwit kinds and ``coin``)."""
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]

def parse_extended_key(
    text: str, curve: _Curve | None = None
) -> ExtendedPrivateKey | ExtendedPublicKey:
    """Parses extended-key text of either kind and returns whichever it is."""

def derive_paths(
    seed: bytes, paths: Sequence[str], curve: _Curve = "secp256k1"
) -> list[ExtendedPrivateKey]:
    """The keys at ``paths`` below the master key of ``seed``, through a path tree (each
    shared prefix derived once), with the GIL released."""

def derive_private_key(seed: bytes, path: str, curve: _Curve = "secp256k1") -> tuple[bytes, bytes]:
    """``(private_key, chain_code)`` at ``path`` below the master key of ``seed``, by the
    library's lean walk: no metadata, so no public key is computed for hardened steps. The
    fast path when only the key is needed (a SLIP-10 ed25519 path takes no curve work)."""

def address(
    kind: _AddressKind | str | None,
    public_key: bytes,
    network: _Network | None = None,
    *,
    stake_key: bytes | None = None,
    coin: _CoinSlug | str | None = None,
) -> str:
    """The address of ``kind`` of a public key (33 bytes for the secp256k1 kinds, 32 for the
    others), checked to be a point of its curve first (Solana takes any 32 bytes);
    ``cardano-base`` needs ``stake_key``. With ``coin``, the coin's address of its default
    kind (``kind`` None) or of its kind ``kind``: the way to a Nano address, whose
    ed25519-blake2b keys this package does not derive."""

def address_from_script(script_pubkey: bytes, network: _BitcoinNetwork = "mainnet") -> str:
    """The address of a P2PKH, P2SH or witness-program scriptPubKey."""

class DecodedAddress:
    """An address read back by :func:`decode_address`. Frozen; equal (and hashed) by every
    field; pickles as its text."""

    @property
    def type(self) -> str:
        """``p2pkh``, ``p2sh``, ``p2wpkh``, ``p2wsh``, ``p2tr``, ``witness-v1`` …
        ``witness-v16``, ``ethereum``, ``solana``, ``cardano-base``, ``cardano-enterprise`` or
        ``cardano-reward``."""
    @property
    def network(self) -> Literal["mainnet", "testnet", "regtest"] | None:
        """The network the text names (Bitcoin testnet also stands for signet; Cardano's
        ``mainnet`` or ``testnet``), or None for Ethereum and Solana."""
    @property
    def witness_version(self) -> int | None:
        """A segwit address's witness version (0 to 16), else None."""
    @property
    def payload(self) -> bytes:
        """The bytes it commits to: P2PKH's and P2SH's 20-byte hash, a witness program,
        Ethereum's 20-byte account, Solana's 32-byte key, Cardano's 28-byte credential hashes
        (payment, then stake)."""
    @property
    def script_pubkey(self) -> bytes | None:
        """A Bitcoin address's scriptPubKey, else None."""
    @property
    def payment_credential(self) -> Literal["key-hash", "script-hash"] | None:
        """A Cardano base or enterprise address's payment credential, else None."""
    @property
    def stake_credential(self) -> Literal["key-hash", "script-hash"] | None:
        """A Cardano base or reward address's stake credential, else None."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def decode_address(text: str) -> DecodedAddress:
    """Reads an address back: Base58Check P2PKH/P2SH, segwit (BIP-173/350), Ethereum (one
    case, or EIP-55's mixed case checked), Solana, Cardano base/enterprise/reward (CIP-19).
    Raises ``Error`` (kind ``UnrecognisedAddress``, ``Bech32Checksum``, ``Eip55Checksum``, …)."""

def eip55(account: bytes) -> str:
    """The EIP-55 checksummed text (``0x…``) of a 20-byte Ethereum account."""

def wif_encode(private_key: bytes, network: _BitcoinNetwork = "mainnet") -> str:
    """A 32-byte secp256k1 private key as compressed WIF."""

def wif_decode(text: str) -> tuple[bytes, Literal["mainnet", "testnet"]]:
    """Compressed WIF text as ``(private_key, network)``; testnet, signet and regtest share
    ``"testnet"``."""

class Mnemonic:
    """A BIP-39 mnemonic (12 to 24 words, ten word lists). Not pickled; not hashable."""

    def __init__(self, phrase: str, language: str | None = None) -> None:
        """Parses ``phrase`` (its language detected when None; its checksum checked)."""
    @classmethod
    def generate(cls, words: int = 12, language: str = "english") -> Mnemonic:
        """A new mnemonic from the operating system's random number generator."""
    @classmethod
    def from_entropy(cls, entropy: bytes, language: str = "english") -> Mnemonic:
        """The mnemonic of 16 to 32 bytes of entropy (a multiple of 4)."""
    @property
    def entropy(self) -> bytes:
        """The entropy the words encode."""
    @property
    def language(self) -> str:
        """The word list's name (``english``, ``japanese``, ``chinese-simplified``, …)."""
    @property
    def words(self) -> list[str]:
        """The words (NFKD, as the word list has them)."""
    def to_seed(self, passphrase: str = "") -> bytes:
        """The 64-byte BIP-39 seed, with the GIL released."""
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]

def suggest(word: str, language: str = "english") -> list[str]:
    """The words of a list closest to a mistyped ``word``, best first (at most four)."""

class Descriptor:
    """An output descriptor (BIP-380 to 386, BIP-389). ``str()`` is Bitcoin Core's canonical
    public form with its checksum; a descriptor of public keys pickles as that text. Equal
    (and hashed) by that form and whether it has private keys."""

    def __init__(self, text: str) -> None:
        """Parses a descriptor (a ``#checksum``, when present, must match)."""
    @property
    def branch_count(self) -> int:
        """The number of multipath branches (1 without a ``<…>`` step)."""
    @property
    def is_ranged(self) -> bool:
        """Whether some key has a range (``/*``)."""
    @property
    def network(self) -> Literal["mainnet", "testnet"] | None:
        """The keys' network, or None when every key is a hex public key."""
    @property
    def has_address(self) -> bool:
        """Whether its outputs have addresses: False for a bare multisig (``multi(…)`` at
        the top level), known by its scriptPubKeys alone; ``addresses`` then raises
        ``ValueError``."""
    @property
    def has_private_keys(self) -> bool:
        """Whether some key is private."""
    @property
    def checksum(self) -> str:
        """The BIP-380 checksum of the canonical form."""
    def addresses(
        self,
        start: int = 0,
        count: int = 20,
        branch: int = 0,
        network: _BitcoinNetwork | None = None,
    ) -> list[str]:
        """The addresses at indices ``start … start+count−1`` of ``branch`` (one for a
        descriptor without a range), with the GIL released."""
    def script_pubkeys(self, start: int = 0, count: int = 20, branch: int = 0) -> list[bytes]:
        """The scriptPubKeys at those indices, with the GIL released."""
    def address_table(
        self,
        start: int = 0,
        count: int = 20,
        branches: Sequence[int] | None = None,
        network: _BitcoinNetwork | None = None,
        threads: int | None = None,
    ) -> pyarrow.Table:
        """The outputs as a ``pyarrow.Table`` (``branch`` uint32, ``index`` uint32,
        ``address`` string, ``script_pubkey`` binary), branch by branch, built from Rust
        buffers on ``threads`` threads (None: every core; at most 1024)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def account_descriptors(
    root: ExtendedPrivateKey, account: int = 0, network: _BitcoinNetwork = "mainnet"
) -> dict[str, str]:
    """``{"bip44": …, "bip49": …, "bip84": …, "bip86": …}``, as ``fastbip32 descriptors``
    prints them, for ``account`` below the secp256k1 master key ``root`` (another key raises
    ``Error``, kind ``NotARoot``)."""

__all__ = [
    "COINS",
    "CURVES",
    "AddressError",
    "Coin",
    "DecodedAddress",
    "Descriptor",
    "DescriptorError",
    "Error",
    "ExtendedPrivateKey",
    "ExtendedPublicKey",
    "Mnemonic",
    "MnemonicError",
    "PathError",
    "PrivateKey",
    "Recovered",
    "RecoveryError",
    "__version__",
    "account_descriptors",
    "address",
    "address_from_script",
    "coin",
    "decode_address",
    "derive_paths",
    "derive_private_key",
    "eip55",
    "parse_extended_key",
    "recover",
    "recovery_space",
    "suggest",
    "wif_decode",
    "wif_encode",
]
