// Types of the package's API (js/api.js and js/errors.js).

/** A curve name: `secp256k1`, `nist256p1`, `ed25519`, `curve25519`, `ed25519-bip32`,
 * `cardano-icarus`, `cardano-icarus-trezor` (aliases: `p256`, `secp256r1`, `prime256v1`,
 * `cardano-ledger`). */
export type Curve =
  | "secp256k1"
  | "nist256p1"
  | "ed25519"
  | "curve25519"
  | "ed25519-bip32"
  | "cardano-icarus"
  | "cardano-icarus-trezor"
  | "p256"
  | "secp256r1"
  | "prime256v1"
  | "cardano-ledger";

/** An address kind without a coin: the library's kinds, each its coin's. With a coin, a
 * kind is any of that coin's `addressKinds` (see `CoinKind`). */
export type AddressKind =
  | "p2pkh"
  | "p2sh-p2wpkh"
  | "p2wpkh"
  | "p2tr"
  | "ethereum"
  | "solana"
  | "cardano-enterprise"
  | "cardano-base"
  | "cardano-reward";

/** A Bitcoin network (`mainnet`, `testnet`, `signet`, `regtest`) or a Cardano one
 * (`mainnet`, `testnet`, `preprod`, `preview`). */
export type NetworkName = "mainnet" | "testnet" | "signet" | "regtest" | "preprod" | "preview";

/** A BIP-39 word list. */
export type Language =
  | "english"
  | "japanese"
  | "korean"
  | "spanish"
  | "chinese-simplified"
  | "chinese-traditional"
  | "french"
  | "italian"
  | "czech"
  | "portuguese";

/** A coin of `coins()`: its slug (`litecoin`, `bitcoin-cash`, …) or its symbol in any case
 * (`LTC`; a symbol several chains share names its home chain). */
export type CoinName = string;

/** An address kind of a coin: one of its `addressKinds` (`p2pkh`, `cashaddr`, `eip55`,
 * `v4r2-bounceable`, …) or, without a coin, an `AddressKind`. */
export type CoinKind = AddressKind | (string & {});

/** The curve family of a coin's keys. */
export type CoinCurve = "secp256k1" | "ed25519" | "ed25519-bip32" | "nist256p1" | "ed25519-blake2b";

/** Every error the package throws: the library's one-line message and `kind`, the Rust
 * variant's name or one of the package's kinds (`UnknownCurve`, `UnknownCoin`,
 * `UnknownVersionName`, `UnsupportedByScheme`, `InvalidArgument`, `OutOfMemory`, `Freed`,
 * `Aborted`, `WorkerFailed`). */
export class FastBip32Error extends Error {
  readonly kind: string;
}

/** A key path or a step of one that the library rejects. */
export class PathError extends FastBip32Error {
  /** The zero-based step of the path the error names, or null. */
  readonly segment: number | null;
  /** The byte offset in the path text the error names, or null. */
  readonly position: number | null;
}

/** A mnemonic the library rejects. */
export class MnemonicError extends FastBip32Error {
  /** The zero-based position of the word the error names, or null. */
  readonly position: number | null;
  /** For an unknown word: the closest words of its list, best first (else empty). */
  readonly suggestions: string[];
}

/** An error of a descriptor operation. */
export class DescriptorError extends FastBip32Error {
  /** The byte offset in the descriptor text the error names, or null. */
  readonly position: number | null;
  /** For an error of one key: the key's zero-based position among the keys, else null. */
  readonly key: number | null;
}

/** Where an address goes: `coin` (a coin of the registry; its default kind without a kind);
 * `network` (default: the key's own; Bitcoin's for Bitcoin's kinds, Cardano's for
 * Cardano's, unused by the one-network coins); `stakeKey` (32 bytes, the account's 2/0
 * public key) for `cardano-base`. */
export interface AddressOptions {
  network?: NetworkName;
  coin?: CoinName;
  stakeKey?: Uint8Array;
}

/** An extended private key. Its secret is wiped by `free()` (or, at a time the engine
 * chooses, after it is garbage-collected). */
export class ExtendedPrivateKey {
  private constructor();
  /** The master key of a 16-to-64-byte seed (default curve `secp256k1`). */
  static fromSeed(seed: Uint8Array, options?: { curve?: Curve }): ExtendedPrivateKey;
  /** The master key of a BIP-39 mnemonic; on the Icarus curves the Icarus master key. */
  static fromMnemonic(
    phrase: string | Mnemonic,
    options?: { passphrase?: string; curve?: Curve; language?: Language },
  ): ExtendedPrivateKey;
  /** Parses `xprv…`, `zprv…`, `tprv…` or CIP-5 `root_xsk1…` text. */
  static parse(text: string, options?: { curve?: Curve }): ExtendedPrivateKey;
  /** The key at `path` relative to this one. */
  derive(path: string): ExtendedPrivateKey;
  readonly curve: Curve;
  readonly depth: number;
  /** The child number, hardened bit included. */
  readonly childNumber: number;
  readonly fingerprint: Uint8Array;
  readonly parentFingerprint: Uint8Array;
  readonly chainCode: Uint8Array;
  /** 33 bytes on secp256k1 and nist256p1, 32 on the others. */
  readonly publicKey: Uint8Array;
  /** A copy of the private key (32 bytes; 64 on BIP32-Ed25519) that JavaScript does not
   * wipe: zero it with `fill(0)` when done. */
  readonly privateKey: Uint8Array;
  /** `xprv`, `zprv`, `tprv`, … (a CIP-5 prefix on BIP32-Ed25519), or undefined. */
  readonly versionName: string | undefined;
  /** The key's text in its own version or in `version`'s family (a copy not wiped). */
  toString(version?: string): string;
  toXpub(): ExtendedPublicKey;
  /** Compressed WIF (secp256k1; a copy not wiped). */
  wif(options?: { network?: NetworkName }): string;
  address(kind?: CoinKind, options?: AddressOptions): string;
  /** The private keys of the children `start … start+count−1` (copies not wiped). */
  derivePrivateKeys(start: number, count: number, options?: { hardened?: boolean }): Uint8Array[];
  derivePublicKeys(start: number, count: number, options?: { hardened?: boolean }): Uint8Array[];
  /** Wipes the key's WebAssembly memory; the object is unusable afterwards. */
  free(): void;
  [Symbol.dispose](): void;
  /** Throws: a private key is not written to JSON implicitly. */
  toJSON(): never;
}

/** An extended public key (secp256k1, nist256p1 or BIP32-Ed25519). */
export class ExtendedPublicKey {
  private constructor();
  /** Parses `xpub…`, `zpub…`, `tpub…` or CIP-5 `root_xvk1…` text. */
  static parse(text: string, options?: { curve?: Curve }): ExtendedPublicKey;
  /** The key at `path` relative to this one (normal steps only). */
  derive(path: string): ExtendedPublicKey;
  readonly curve: Curve;
  readonly depth: number;
  readonly childNumber: number;
  readonly fingerprint: Uint8Array;
  readonly parentFingerprint: Uint8Array;
  readonly chainCode: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly versionName: string | undefined;
  toString(version?: string): string;
  toJSON(): string;
  address(kind?: CoinKind, options?: AddressOptions): string;
  /** The public keys of the normal children `start … start+count−1` (batched). */
  derivePublicKeys(start: number, count: number): Uint8Array[];
  /** The addresses of the normal children `start … start+count−1` (at most 2^20 a call). */
  addresses(start: number, count: number, options?: AddressOptions & { kind?: CoinKind }): string[];
  free(): void;
  [Symbol.dispose](): void;
}

/** A BIP-39 mnemonic (12 to 24 words, ten word lists). */
export class Mnemonic {
  /** Parses a phrase (language detected unless given; checksum checked). */
  constructor(phrase: string, options?: { language?: Language });
  /** A new mnemonic from `crypto.getRandomValues` (default 12 words, English). */
  static generate(options?: { words?: 12 | 15 | 18 | 21 | 24; language?: Language }): Mnemonic;
  /** The mnemonic of 16 to 32 bytes of entropy (a multiple of 4). */
  static fromEntropy(entropy: Uint8Array, options?: { language?: Language }): Mnemonic;
  /** The entropy (a copy not wiped). */
  readonly entropy: Uint8Array;
  readonly language: Language;
  /** The words (a copy not wiped). */
  readonly words: string[];
  /** The phrase (a copy not wiped). */
  readonly phrase: string;
  /** The 64-byte BIP-39 seed for `passphrase` (default empty; a copy not wiped). */
  toSeed(passphrase?: string): Uint8Array;
  toString(): string;
  toJSON(): never;
  /** Wipes the words' WebAssembly memory. */
  free(): void;
  [Symbol.dispose](): void;
}

/** An output descriptor (BIP-380 to BIP-386, BIP-389). */
export class Descriptor {
  constructor(text: string);
  readonly checksum: string;
  readonly branchCount: number;
  readonly isRanged: boolean;
  readonly hasPrivateKeys: boolean;
  readonly network: "mainnet" | "testnet" | undefined;
  addresses(start?: number, count?: number, options?: { branch?: number; network?: NetworkName }): string[];
  scriptPubKeys(start?: number, count?: number, options?: { branch?: number }): Uint8Array[];
  /** Bitcoin Core's canonical public form with its checksum. */
  toString(): string;
  free(): void;
  [Symbol.dispose](): void;
}

/** An account's four standard descriptors. */
export function accountDescriptors(
  root: ExtendedPrivateKey,
  options?: { account?: number; network?: NetworkName },
): { bip44: string; bip49: string; bip84: string; bip86: string };

/** The address of `kind` of a public key. */
export function address(kind: CoinKind | undefined, publicKey: Uint8Array, options?: AddressOptions): string;

/** An address read back. */
export interface DecodedAddress {
  type: string;
  network: "mainnet" | "testnet" | "regtest" | null;
  witnessVersion: number | null;
  payload: Uint8Array;
  scriptPubKey: Uint8Array | null;
  paymentCredential: "key-hash" | "script-hash" | null;
  stakeCredential: "key-hash" | "script-hash" | null;
}

export function decodeAddress(text: string): DecodedAddress;

/** The closest words of a list to a mistyped word, best first (at most four). */
export function suggest(word: string, options?: { language?: Language }): string[];

/** A standard path of a coin's wallets. */
export interface WalletPath {
  /** Account 0's first receive address, such as `m/84'/2'/0'/0/0`. */
  path: string;
  /** The path with `*` (or `*'`) at the level the wallets count addresses. */
  series: string;
  /** The address kind it is for. */
  kind: string;
  /** Whose convention it is (a standard or wallets). */
  wallets: string;
}

/** A coin of the library's registry: the fields of `fastbip32 coins --json` in camelCase,
 * with `networks` and `paths`. */
export interface Coin {
  /** The slug (`bitcoin-sv`). */
  coin: string;
  /** The ticker symbol (`BSV`). */
  symbol: string;
  /** The name (`Bitcoin SV`). */
  name: string;
  /** The SLIP-44 coin type. */
  slip44: number;
  curve: CoinCurve;
  /** Its address kinds, the default first. */
  addressKinds: string[];
  /** Account 0's first receive address, of the default kind. */
  defaultPath: string;
  /** Whose convention the default path is. */
  defaultPathWallets: string;
  /** The network names its addresses follow (empty for one-network coins). */
  networks: NetworkName[];
  /** Every standard path, the default first. */
  paths: WalletPath[];
}

/** The library's coin registry, in its order (Bitcoin first). */
export function coins(): Coin[];

/** The package version. */
export function version(): string;

/** The curve names. */
export function curves(): Curve[];
