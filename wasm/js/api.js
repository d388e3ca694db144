// The public API over the WebAssembly module's raw exports (../pkg/fastbip32_wasm.js): the
// classes and functions of the package, with options objects, the package's error classes,
// and `free()`. Loaded by the entries (node.js, browser.js, core.js), which instantiate the
// module first.

import {
  RawDescriptor,
  RawMnemonic,
  RawPrivateKey,
  RawPublicKey,
  rawAccountDescriptors,
  rawAddress,
  rawCoins,
  rawCurves,
  rawDecodeAddress,
  rawScrubStack,
  rawSuggest,
  rawVersion,
} from "../pkg/fastbip32_wasm.js";
import { FastBip32Error, call } from "./errors.js";

export { FastBip32Error, PathError, MnemonicError, DescriptorError } from "./errors.js";

/** Guards the private constructors: only this module makes wrapper objects. */
const token = Symbol("fastbip32 internal");
const inspect = Symbol.for("nodejs.util.inspect.custom");

/** Runs `f`, a call that handles a secret, then overwrites the module's stack below the
 * calls' frames, where Rust leaves copies of moved values (see `scrub_stack` in
 * src/lib.rs). */
function secret(f) {
  return call(f, rawScrubStack);
}

function freed(what) {
  return new FastBip32Error(`this ${what} was freed`, "Freed");
}

function bytesArg(value, name) {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${name} must be a Uint8Array`);
  return value;
}

function textArg(value, name) {
  if (typeof value !== "string") throw new TypeError(`${name} must be a string`);
  return value;
}

function indexArg(value, name) {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${name} must be an integer from 0 to 2^32 - 1`);
  }
  return value;
}

function optionsArg(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") throw new TypeError("options must be an object");
  return options;
}

/** `count` items of `size` bytes from `flat`, each a copy; `flat` is zeroed after (it may
 * hold secrets). */
function split(flat, count) {
  const out = new Array(count);
  const size = count === 0 ? 0 : flat.length / count;
  for (let i = 0; i < count; i++) out[i] = flat.slice(i * size, (i + 1) * size);
  flat.fill(0);
  return out;
}

function lines(joined, count) {
  return count === 0 || joined === "" ? [] : joined.split("\n");
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The package version (the Rust crate's). */
export function version() {
  return rawVersion();
}

/** The curve names: `secp256k1`, `nist256p1`, `ed25519`, `curve25519`, `ed25519-bip32`,
 * `cardano-icarus`, `cardano-icarus-trezor`. */
export function curves() {
  return rawCurves();
}

/** The raw module object of an `ExtendedPrivateKey` or `ExtendedPublicKey` (a `Freed` error
 * once `free()` has run): how the two classes reach the object their shared base holds. */
let rawOf;

/** What `ExtendedPrivateKey` and `ExtendedPublicKey` share: the raw module object, `derive`,
 * the metadata getters, the text, the address, `free()` and the inspected form. Not
 * exported. What differs between the two is the `kind` each gives (see `privateKind` and
 * `publicKind`). */
class ExtendedKey {
  #raw;
  #kind;

  constructor(guard, raw, kind) {
    if (guard !== token) throw new TypeError(kind.hint);
    this.#raw = raw;
    this.#kind = kind;
  }

  static {
    rawOf = (key) => key.#key;
  }

  get #key() {
    if (this.#raw === undefined) throw freed(this.#kind.name);
    return this.#raw;
  }

  /** The key at `path` relative to this one (`"m/44'/0'/0'"` or `"0/1'"`; normal steps only
   * from a public key). */
  derive(path) {
    textArg(path, "path");
    const kind = this.#kind;
    return kind.make(kind.run(() => this.#key.derive(path)));
  }

  get curve() { return this.#key.curve; }
  get depth() { return this.#key.depth; }
  get childNumber() { return this.#key.childNumber; }
  get fingerprint() { return this.#key.fingerprint; }
  get parentFingerprint() { return this.#key.parentFingerprint; }
  get publicKey() { return this.#key.publicKey; }
  get versionName() { return this.#key.versionName; }

  /** The key's text in its own version, or in `version`'s family (a public name for a
   * public key). The text of a private key is a copy JavaScript does not wipe. */
  toString(version) {
    return this.#kind.run(() => this.#key.toText(version));
  }

  /** This key's address of `kind` of `coin` (a coin of `coins()`, by slug or symbol; its
   * default kind without `kind`; without a coin, `kind` is one of the library's kinds and
   * neither gives the default kind of the curve's first coin) on `network` (default: the
   * key's own). */
  address(kind, options) {
    const o = optionsArg(options);
    return call(() => this.#key.address(o.coin, kind, o.network, o.stakeKey));
  }

  /** Frees the key's WebAssembly memory, wiping a private key's; the object is unusable
   * afterwards. */
  free() {
    if (this.#raw !== undefined) {
      secret(() => this.#raw.free());
      this.#raw = undefined;
    }
  }

  [Symbol.dispose]() { this.free(); }

  [inspect]() {
    const name = this.#kind.name;
    if (this.#raw === undefined) return `${name} { freed }`;
    return `${name} { curve: '${this.curve}', depth: ${this.depth}, ${this.#kind.shown(this)} }`;
  }
}

/** An `ExtendedPrivateKey`'s part of `ExtendedKey`: its name, the hint of its private
 * constructor, its raw module class, how its calls run (`secret`: the stack is scrubbed after each), how a raw
 * object becomes one, and what `inspect` shows besides curve and depth (the fingerprint: the
 * secret stays out of logs). */
const privateKind = {
  name: "ExtendedPrivateKey",
  hint: "use ExtendedPrivateKey.fromSeed, .fromMnemonic or .parse",
  Raw: RawPrivateKey,
  run: secret,
  make: (raw) => new ExtendedPrivateKey(token, raw),
  shown: (key) => `fingerprint: '${hex(key.fingerprint)}'`,
};

/** An `ExtendedPublicKey`'s part of `ExtendedKey` (as `privateKind`; its calls hold no
 * secret, and `inspect` shows its text). */
const publicKind = {
  name: "ExtendedPublicKey",
  hint: "use ExtendedPublicKey.parse or key.toXpub()",
  Raw: RawPublicKey,
  run: call,
  make: (raw) => new ExtendedPublicKey(token, raw),
  shown: (key) => `text: '${key.toString()}'`,
};

/** The key of `kind` that `text` encodes, on `options.curve`. */
function parseKey(kind, text, options) {
  const { curve } = optionsArg(options);
  textArg(text, "text");
  return kind.make(kind.run(() => kind.Raw.parse(text, curve)));
}

/** An extended private key on one of `CURVES`. Holds its secret in WebAssembly memory until
 * `free()` (which wipes it) or until it is garbage-collected (a `FinalizationRegistry` frees
 * it then, at a time the engine chooses). */
export class ExtendedPrivateKey extends ExtendedKey {
  /** @internal */
  constructor(guard, raw) {
    super(guard, raw, privateKind);
  }

  /** The master key of a 16-to-64-byte seed on `curve` (default `secp256k1`). */
  static fromSeed(seed, options) {
    const { curve } = optionsArg(options);
    bytesArg(seed, "seed");
    return new ExtendedPrivateKey(token, secret(() => RawPrivateKey.fromSeed(seed, curve)));
  }

  /** The master key of a BIP-39 mnemonic (text or a `Mnemonic`) and `passphrase`; on the
   * Icarus curves, the Icarus master key of its entropy. */
  static fromMnemonic(phrase, options) {
    const { passphrase, curve, language } = optionsArg(options);
    if (passphrase !== undefined) textArg(passphrase, "passphrase");
    if (phrase instanceof Mnemonic) {
      const raw = phrase._raw(token);
      return new ExtendedPrivateKey(
        token,
        secret(() => RawPrivateKey.fromMnemonicObject(raw, passphrase, curve)),
      );
    }
    textArg(phrase, "phrase");
    return new ExtendedPrivateKey(
      token,
      secret(() => RawPrivateKey.fromMnemonic(phrase, passphrase, curve, language)),
    );
  }

  /** Parses `xprv…`/`yprv…`/`zprv…`/`tprv…` (secp256k1, or `nist256p1` given as `curve`) or
   * CIP-5 `root_xsk1…`/`acct_xsk1…`/`xprv1…` (BIP32-Ed25519). */
  static parse(text, options) {
    return parseKey(privateKind, text, options);
  }

  /** A copy of the chain code, which JavaScript does not wipe. */
  get chainCode() { return secret(() => rawOf(this).chainCode); }
  /** A copy of the private key, which JavaScript does not wipe (zero it with `fill(0)`). */
  get privateKey() { return secret(() => rawOf(this).privateKey); }

  /** The extended public key, in the public twin of this key's version. */
  toXpub() {
    return new ExtendedPublicKey(token, secret(() => rawOf(this).toXpub()));
  }

  /** The private key as compressed WIF (secp256k1). A copy JavaScript does not wipe. */
  wif(options) {
    const { network } = optionsArg(options);
    return secret(() => rawOf(this).wif(network));
  }

  /** The private keys of the children `start … start+count−1` (hardened with
   * `{hardened: true}`): copies JavaScript does not wipe. */
  derivePrivateKeys(start, count, options) {
    const { hardened = false } = optionsArg(options);
    indexArg(start, "start");
    indexArg(count, "count");
    return split(secret(() => rawOf(this).derivePrivateKeys(start, count, Boolean(hardened))), count);
  }

  /** The public keys of those children, each from its private key in constant time. */
  derivePublicKeys(start, count, options) {
    const { hardened = false } = optionsArg(options);
    indexArg(start, "start");
    indexArg(count, "count");
    return split(secret(() => rawOf(this).derivePublicKeys(start, count, Boolean(hardened))), count);
  }

  toJSON() {
    throw new TypeError("an ExtendedPrivateKey is not serialised to JSON: call toString() explicitly");
  }

  /** @internal The raw module object (for accountDescriptors). */
  _raw(guard) {
    if (guard !== token) throw new TypeError("internal");
    return rawOf(this);
  }
}

/** An extended public key (secp256k1, nist256p1 or BIP32-Ed25519). */
export class ExtendedPublicKey extends ExtendedKey {
  /** @internal */
  constructor(guard, raw) {
    super(guard, raw, publicKind);
  }

  /** Parses `xpub…`/`ypub…`/`zpub…`/`tpub…` (secp256k1, or `nist256p1` given as `curve`) or
   * CIP-5 `root_xvk1…`/`acct_xvk1…`/`xpub1…` (BIP32-Ed25519). */
  static parse(text, options) {
    return parseKey(publicKind, text, options);
  }

  get chainCode() { return rawOf(this).chainCode; }

  toJSON() { return this.toString(); }

  /** The public keys of the normal children `start … start+count−1`, batched. */
  derivePublicKeys(start, count) {
    indexArg(start, "start");
    indexArg(count, "count");
    return split(call(() => rawOf(this).derivePublicKeys(start, count)), count);
  }

  /** The addresses of the normal children `start … start+count−1`, of `kind` of `coin` (as
   * `address`) on `network` (default: the key's own). */
  addresses(start, count, options) {
    const o = optionsArg(options);
    indexArg(start, "start");
    indexArg(count, "count");
    return lines(call(() => rawOf(this).addresses(start, count, o.coin, o.kind, o.network, o.stakeKey)), count);
  }
}

/** A BIP-39 mnemonic (12 to 24 words, ten word lists). Its words stay in WebAssembly memory
 * until `free()` wipes them (or the object is garbage-collected). */
export class Mnemonic {
  #raw;

  /** Parses `phrase` (its language detected unless `{language}` is given; its checksum
   * checked). */
  constructor(phrase, options) {
    if (phrase === token) {
      this.#raw = options;
      return;
    }
    const { language } = optionsArg(options);
    textArg(phrase, "phrase");
    this.#raw = secret(() => new RawMnemonic(phrase, language));
  }

  get #m() {
    if (this.#raw === undefined) throw freed("Mnemonic");
    return this.#raw;
  }

  /** A new mnemonic of `words` words (default 12) in `language` (default English) from
   * `crypto.getRandomValues`. */
  static generate(options) {
    const { words, language } = optionsArg(options);
    if (words !== undefined) indexArg(words, "words");
    return new Mnemonic(token, secret(() => RawMnemonic.generate(words, language)));
  }

  /** The mnemonic of 16 to 32 bytes of entropy (a multiple of 4). */
  static fromEntropy(entropy, options) {
    const { language } = optionsArg(options);
    bytesArg(entropy, "entropy");
    return new Mnemonic(token, secret(() => RawMnemonic.fromEntropy(entropy, language)));
  }

  /** The entropy the words encode (a copy JavaScript does not wipe). */
  get entropy() { return secret(() => this.#m.entropy); }
  /** The word list's name. */
  get language() { return this.#m.language; }
  /** The words (a copy JavaScript does not wipe). */
  get words() { return secret(() => this.#m.words); }
  /** The phrase (a copy JavaScript does not wipe). */
  get phrase() { return secret(() => this.#m.phrase()); }

  /** The 64-byte BIP-39 seed for `passphrase` (default empty). */
  toSeed(passphrase = "") {
    textArg(passphrase, "passphrase");
    return secret(() => this.#m.toSeed(passphrase));
  }

  /** The phrase (a copy JavaScript does not wipe). */
  toString() { return this.phrase; }

  toJSON() {
    throw new TypeError("a Mnemonic is not serialised to JSON: read .phrase explicitly");
  }

  /** Wipes the words' WebAssembly memory; the object is unusable afterwards. */
  free() {
    if (this.#raw !== undefined) {
      secret(() => this.#raw.free());
      this.#raw = undefined;
    }
  }

  [Symbol.dispose]() { this.free(); }

  [inspect]() {
    if (this.#raw === undefined) return "Mnemonic { freed }";
    return `Mnemonic { language: '${this.language}', words: ${this.#m.words.length} }`;
  }

  /** @internal */
  _raw(guard) {
    if (guard !== token) throw new TypeError("internal");
    return this.#m;
  }
}

/** An output descriptor (BIP-380 to BIP-386, BIP-389). */
export class Descriptor {
  #raw;

  /** Parses a descriptor (a `#checksum`, when present, must match). */
  constructor(text) {
    textArg(text, "text");
    this.#raw = secret(() => new RawDescriptor(text));
  }

  get #d() {
    if (this.#raw === undefined) throw freed("Descriptor");
    return this.#raw;
  }

  /** The BIP-380 checksum of the canonical form. */
  get checksum() { return this.#d.checksum; }
  /** The number of multipath branches (1 without a `<…>` step). */
  get branchCount() { return this.#d.branchCount; }
  /** Whether some key has a range (`/*`). */
  get isRanged() { return this.#d.isRanged; }
  /** Whether some key is private. */
  get hasPrivateKeys() { return this.#d.hasPrivateKeys; }
  /** The keys' network (`mainnet`, `testnet`), or undefined for hex keys only. */
  get network() { return this.#d.network; }

  /** The addresses at `start … start+count−1` of `branch` (default 0), on `network`
   * (default: the keys' own); one address for a descriptor without a range. */
  addresses(start = 0, count = 20, options) {
    const { branch = 0, network } = optionsArg(options);
    indexArg(start, "start");
    indexArg(count, "count");
    indexArg(branch, "branch");
    return lines(secret(() => this.#d.addresses(start, count, branch, network)), count);
  }

  /** The scriptPubKeys at those indices. */
  scriptPubKeys(start = 0, count = 20, options) {
    const { branch = 0 } = optionsArg(options);
    indexArg(start, "start");
    indexArg(count, "count");
    indexArg(branch, "branch");
    const lengths = [];
    const flat = secret(() => this.#d.scriptPubKeys(start, count, branch, lengths));
    const out = [];
    let at = 0;
    for (const n of lengths) {
      out.push(flat.slice(at, at + n));
      at += n;
    }
    return out;
  }

  /** Bitcoin Core's canonical public form, with its checksum. */
  toString() { return this.#d.toText(); }

  /** Wipes the descriptor's WebAssembly memory (its private keys, if any). */
  free() {
    if (this.#raw !== undefined) {
      secret(() => this.#raw.free());
      this.#raw = undefined;
    }
  }

  [Symbol.dispose]() { this.free(); }
}

/** An account's four standard descriptors `{bip44, bip49, bip84, bip86}` below the
 * secp256k1 master key `root`. */
export function accountDescriptors(root, options) {
  const { account = 0, network } = optionsArg(options);
  if (!(root instanceof ExtendedPrivateKey)) throw new TypeError("root must be an ExtendedPrivateKey");
  indexArg(account, "account");
  const raw = root._raw(token);
  return secret(() => rawAccountDescriptors(raw, account, network));
}

/** The address of `kind` of `coin` (as a key's `address`; without either, Bitcoin's
 * `p2wpkh`) of a public key (33 bytes on secp256k1 and nist256p1, 32 on the ed25519 curves)
 * on `network` (default mainnet). */
export function address(kind, publicKey, options) {
  const o = optionsArg(options);
  bytesArg(publicKey, "publicKey");
  return call(() => rawAddress(o.coin, kind, publicKey, o.network, o.stakeKey));
}

/** Reads an address back: `{type, network, witnessVersion, payload, scriptPubKey,
 * paymentCredential, stakeCredential}`. */
export function decodeAddress(text) {
  textArg(text, "text");
  return call(() => rawDecodeAddress(text));
}

/** The words of `language`'s list (default English) closest to a mistyped `word`. */
export function suggest(word, options) {
  const { language } = optionsArg(options);
  textArg(word, "word");
  return secret(() => rawSuggest(word, language));
}

/** The library's coin registry: `[{coin, symbol, name, slip44, curve, addressKinds,
 * defaultPath, defaultPathWallets, networks, paths}]`, the records of the command-line
 * tool's `coins --json` in camelCase, with the networks the coin's addresses follow and
 * its standard paths (`{path, series, kind, wallets}`, the default first). */
export function coins() {
  return rawCoins();
}
