// Errors: the classes, kinds and fields of what the API throws.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Descriptor,
  DescriptorError,
  ExtendedPrivateKey,
  ExtendedPublicKey,
  FastBip32Error,
  Mnemonic,
  MnemonicError,
  PathError,
  address,
  decodeAddress,
  suggest,
} from "fastbip32";

const seed = Uint8Array.from(Buffer.from("000102030405060708090a0b0c0d0e0f", "hex"));
const ABANDON = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon";

function throwsKind(f, Class, kind, check = () => {}) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Class, `${e?.constructor?.name} is not ${Class.name}`);
    assert.ok(e instanceof FastBip32Error && e instanceof Error);
    assert.equal(e.kind, kind);
    assert.equal(e.name, Class.name);
    assert.ok(!e.message.includes("\n"), "one line");
    check(e);
    return true;
  });
}

test("path errors are PathError with the step and byte offset", () => {
  const m = ExtendedPrivateKey.fromSeed(seed);
  throwsKind(() => m.derive("m/0'/x"), PathError, "InvalidPath", (e) => {
    assert.equal(e.segment, 1);
    assert.equal(e.position, 5);
  });
  const ed = ExtendedPrivateKey.fromSeed(seed, { curve: "ed25519" });
  throwsKind(() => ed.derive("m/0'/1"), PathError, "HardenedOnly", (e) => assert.equal(e.segment, 1));
  const xpub = m.toXpub();
  throwsKind(() => xpub.derive("0/1'"), PathError, "HardenedFromPublic", (e) => assert.equal(e.segment, 1));
});

test("mnemonic errors are MnemonicError with the word's position and suggestions", () => {
  throwsKind(() => new Mnemonic(`${ABANDON} abuot`), MnemonicError, "UnknownWord", (e) => {
    assert.equal(e.position, 11);
    assert.ok(e.suggestions.includes("about"), e.suggestions.join());
  });
  throwsKind(() => new Mnemonic(`${ABANDON} abandon`), MnemonicError, "InvalidChecksum");
  throwsKind(() => ExtendedPrivateKey.fromMnemonic("abandon about"), MnemonicError, "InvalidWordCount");
  throwsKind(() => Mnemonic.generate({ words: 13 }), MnemonicError, "InvalidWordCount");
  throwsKind(() => Mnemonic.generate({ language: "klingon" }), MnemonicError, "UnknownLanguage");
  assert.deepEqual(suggest("abuot").slice(0, 1), ["about"]);
});

test("descriptor errors are DescriptorError with the byte offset", () => {
  throwsKind(() => new Descriptor("wpkh(nothex)"), DescriptorError, "Invalid", (e) => {
    assert.equal(typeof e.position, "number");
  });
  throwsKind(
    () => new Descriptor("wpkh(02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9)#00000000"),
    DescriptorError,
    "ChecksumMismatch",
  );
});

test("the package's own kinds, and other library errors", () => {
  throwsKind(() => ExtendedPrivateKey.fromSeed(seed, { curve: "secp256r2" }), FastBip32Error, "UnknownCurve");
  throwsKind(() => ExtendedPrivateKey.fromSeed(new Uint8Array(8)), FastBip32Error, "InvalidSeedLength");
  const ed = ExtendedPrivateKey.fromSeed(seed, { curve: "ed25519" });
  throwsKind(() => ed.toXpub(), FastBip32Error, "UnsupportedByScheme");
  throwsKind(() => ed.address("p2wpkh"), FastBip32Error, "UnsupportedByScheme");
  const m = ExtendedPrivateKey.fromSeed(seed);
  throwsKind(() => m.address("p2sh"), FastBip32Error, "UnknownAddressKind");
  throwsKind(() => m.address(undefined, { coin: "dogecoin-classic" }), FastBip32Error, "UnknownCoin");
  throwsKind(() => m.toString("qprv"), FastBip32Error, "UnknownVersionName");
  throwsKind(() => m.toXpub().addresses(0, 2 ** 20 + 1), FastBip32Error, "InvalidArgument");
  throwsKind(() => ExtendedPublicKey.parse(m.toString()), FastBip32Error, "KeyKindMismatch");
  throwsKind(() => decodeAddress("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv"), FastBip32Error, "Bech32Checksum");
  throwsKind(() => address("p2wpkh", new Uint8Array(32)), FastBip32Error, "InvalidPublicKey");
  m.free();
  throwsKind(() => m.depth, FastBip32Error, "Freed");
});

test("wrong JavaScript types are TypeError or RangeError", () => {
  assert.throws(() => ExtendedPrivateKey.fromSeed("000102"), TypeError);
  assert.throws(() => ExtendedPrivateKey.fromSeed(seed).derive(0), TypeError);
  assert.throws(() => ExtendedPrivateKey.fromSeed(seed).derivePublicKeys(-1, 2), RangeError);
  assert.throws(() => new ExtendedPrivateKey(), TypeError);
});
