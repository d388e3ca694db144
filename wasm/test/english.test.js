// The English-only module (`fastbip32/english`, build.sh's variant `english`): Trezor's
// English BIP-39 vectors (tests/data/bip39_trezor.json) work through it, the nine other word
// lists throw MnemonicError `LanguageNotBuilt`, it is its own module instance beside the
// full one, and it is smaller.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

import * as full from "fastbip32";
import { ExtendedPrivateKey, Mnemonic, MnemonicError, WorkerPool, suggest } from "fastbip32/english";

const data = (name) => JSON.parse(readFileSync(new URL(`../../tests/data/${name}`, import.meta.url)));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const language = (name) => name.replace("_", "-");
const vectors = data("bip39_trezor.json");

test("Trezor's English vectors through fastbip32/english: entropy, phrase, seed, master xprv", () => {
  for (const [entropy, phrase, seed, xprv] of vectors.english) {
    const made = Mnemonic.fromEntropy(Uint8Array.from(Buffer.from(entropy, "hex")));
    assert.equal(made.phrase, phrase);
    const parsed = new Mnemonic(phrase);
    assert.equal(parsed.language, "english");
    assert.equal(hex(parsed.toSeed("TREZOR")), seed);
    assert.equal(ExtendedPrivateKey.fromMnemonic(phrase, { passphrase: "TREZOR" }).toString(), xprv);
    made.free();
    parsed.free();
  }
  assert.equal(vectors.english.length, 24);
  assert.deepEqual(suggest("abandn"), full.suggest("abandn"));
});

test("the nine other word lists throw MnemonicError LanguageNotBuilt; their phrases are not English", () => {
  const others = Object.keys(vectors).filter((name) => name !== "english");
  assert.equal(others.length, 9);
  const notBuilt = (e) => e instanceof MnemonicError && e.kind === "LanguageNotBuilt";
  for (const name of others) {
    const [entropy, phrase] = vectors[name][0];
    assert.throws(() => Mnemonic.generate({ language: language(name) }), notBuilt, name);
    assert.throws(() => Mnemonic.fromEntropy(Uint8Array.from(Buffer.from(entropy, "hex")), { language: language(name) }), notBuilt, name);
    assert.throws(() => new Mnemonic(phrase, { language: language(name) }), notBuilt, name);
    assert.throws(() => suggest("abaco", { language: language(name) }), notBuilt, name);
    // Without a language the phrase is read as English, whose list lacks its words.
    assert.throws(() => new Mnemonic(phrase), (e) => e instanceof MnemonicError && e.kind === "UnknownWord", name);
    // The full module reads it.
    assert.equal(hex(new full.Mnemonic(phrase, { language: language(name) }).entropy), entropy);
  }
  assert.throws(() => Mnemonic.generate({ language: "klingon" }), (e) => e instanceof MnemonicError && e.kind === "UnknownLanguage");
});

test("fastbip32/english has its own module instance and worker pool", async () => {
  assert.notEqual(ExtendedPrivateKey, full.ExtendedPrivateKey);
  const key = ExtendedPrivateKey.fromMnemonic("abandon ".repeat(11) + "about").derive("m/84'/0'/0'/0");
  const pool = new WorkerPool({ size: 1 });
  try {
    assert.deepEqual(await pool.addresses(key.toXpub(), 0, 3), key.toXpub().addresses(0, 3));
  } finally {
    pool.terminate();
  }
  // BIP-84's first receive address of "abandon ×11 about".
  assert.equal(key.toXpub().addresses(0, 1)[0], "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
});

test("the English-only module is smaller than the full one", () => {
  const size = (path) => {
    const wasm = readFileSync(new URL(path, import.meta.url));
    return [wasm.length, gzipSync(wasm, { level: 9 }).length];
  };
  const [fullRaw, fullGzip] = size("../pkg/fastbip32_wasm_bg.wasm");
  const [englishRaw, englishGzip] = size("../pkg/english/fastbip32_wasm_bg.wasm");
  console.log(`full: ${fullRaw} bytes, ${fullGzip} gzipped; english: ${englishRaw} bytes, ${englishGzip} gzipped`);
  assert.ok(englishGzip < fullGzip, `${englishGzip} < ${fullGzip}`);
});
