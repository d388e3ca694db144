// The speed-optimised module (`fastbip32/fast`, build.sh's variant `fast`): published vectors
// (BIP-32 vector 1, BIP-84's addresses, tests/data) through it, the same outputs as the main
// entry on the same inputs, its own module instance and worker pool, and libsecp256k1's
// precomputed tables inside it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

import * as full from "fastbip32";
import * as fast from "fastbip32/fast";

const data = (name) => JSON.parse(readFileSync(new URL(`../../tests/data/${name}`, import.meta.url)));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (text) => Uint8Array.from(Buffer.from(text, "hex"));
const hexes = (list) => list.map(hex);

test("BIP-32 vector 1 through fastbip32/fast: every chain step's xprv, xpub and keys", () => {
  const vector1 = data("bip32.json").cases[0];
  assert.equal(vector1.seed_hex, "000102030405060708090a0b0c0d0e0f");
  const master = fast.ExtendedPrivateKey.fromSeed(bytes(vector1.seed_hex));
  for (const step of vector1.chain) {
    const key = master.derive(step.path);
    assert.equal(key.toString(), step.xprv, step.path);
    assert.equal(key.toXpub().toString(), step.xpub, step.path);
    assert.equal(hex(key.privateKey), step.decoded.private_key_hex, step.path);
    assert.equal(hex(key.publicKey), step.decoded.public_key_hex, step.path);
    assert.equal(fast.ExtendedPublicKey.parse(step.xpub).toString(), step.xpub);
    key.free();
  }
  assert.equal(vector1.chain.length, 6);
  master.free();
});

test("BIP-84's published addresses through fastbip32/fast: single keys and the batch", () => {
  const bips = data("address_bips.json");
  const cases = bips.cases.filter((c) => c.bip === 84);
  assert.equal(cases.length, 3);
  const root = fast.ExtendedPrivateKey.fromMnemonic(bips.mnemonic);
  assert.equal(root.derive("m/84'/0'/0'").toString("zprv"), bips.accounts.find((a) => a.bip === 84).xprv);
  const receive = root.derive("m/84'/0'/0'/0").toXpub();
  for (const c of cases) {
    const key = root.derive(c.path);
    assert.equal(key.address(c.kind), c.address, c.path);
    assert.equal(key.wif(), c.wif, c.path);
    assert.equal(hex(key.publicKey), c.public_key_hex, c.path);
    key.free();
  }
  const [first, second] = receive.addresses(0, 2, { kind: "p2wpkh" });
  assert.deepEqual([first, second], cases.filter((c) => c.path.startsWith("m/84'/0'/0'/0/")).map((c) => c.address));
  root.free();
});

test("fastbip32/fast gives the main entry's outputs on the same inputs", () => {
  const phrase = "abandon ".repeat(11) + "about";
  // Every scheme: a hardened key from BIP-84's test mnemonic, then batches of its children.
  assert.deepEqual(fast.curves(), full.curves());
  assert.ok(full.curves().length >= 7);
  for (const curve of full.curves()) {
    const ours = fast.ExtendedPrivateKey.fromMnemonic(phrase, { curve }).derive("m/44'/0'/0'/0'");
    const theirs = full.ExtendedPrivateKey.fromMnemonic(phrase, { curve }).derive("m/44'/0'/0'/0'");
    for (const field of ["privateKey", "chainCode", "publicKey"]) assert.equal(hex(ours[field]), hex(theirs[field]), `${curve} ${field}`);
    assert.deepEqual(hexes(ours.derivePrivateKeys(0, 50, { hardened: true })), hexes(theirs.derivePrivateKeys(0, 50, { hardened: true })), curve);
    assert.deepEqual(hexes(ours.derivePublicKeys(0, 50, { hardened: true })), hexes(theirs.derivePublicKeys(0, 50, { hardened: true })), curve);
    ours.free();
    theirs.free();
  }
  // secp256k1's public batches: children and addresses of every kind of BIP-84's account.
  const ours = fast.ExtendedPrivateKey.fromMnemonic(phrase).derive("m/84'/0'/0'/0").toXpub();
  const theirs = full.ExtendedPrivateKey.fromMnemonic(phrase).derive("m/84'/0'/0'/0").toXpub();
  assert.deepEqual(hexes(ours.derivePublicKeys(0, 1000)), hexes(theirs.derivePublicKeys(0, 1000)));
  for (const kind of ["p2pkh", "p2sh-p2wpkh", "p2wpkh", "p2tr"]) {
    assert.deepEqual(ours.addresses(0, 1000, { kind }), theirs.addresses(0, 1000, { kind }), kind);
  }
  // Mnemonics in another word list, and the coin registry.
  const [entropy, japanese, seedHex] = data("bip39_trezor.json").japanese[0];
  assert.equal(hex(new fast.Mnemonic(japanese, { language: "japanese" }).toSeed("TREZOR")), seedHex);
  assert.equal(hex(fast.Mnemonic.fromEntropy(bytes(entropy), { language: "japanese" }).entropy), entropy);
  assert.deepEqual(fast.coins(), full.coins());
  assert.equal(fast.version(), full.version());
});

test("fastbip32/fast has its own module instance and worker pool", async () => {
  assert.notEqual(fast.ExtendedPrivateKey, full.ExtendedPrivateKey);
  const key = fast.ExtendedPrivateKey.fromMnemonic("abandon ".repeat(11) + "about").derive("m/84'/0'/0'/0");
  const pool = new fast.WorkerPool({ size: 1 });
  try {
    assert.deepEqual(await pool.addresses(key.toXpub(), 0, 3), key.toXpub().addresses(0, 3));
  } finally {
    pool.terminate();
  }
  // BIP-84's first receive address of "abandon ×11 about".
  assert.equal(key.toXpub().addresses(0, 1)[0], "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  key.free();
});

test("the fast module carries libsecp256k1's precomputed tables: over 1 MB more than the default, gzipped", () => {
  const gzipped = (path) => gzipSync(readFileSync(new URL(path, import.meta.url)), { level: 9 }).length;
  const small = gzipped("../pkg/fastbip32_wasm_bg.wasm");
  const large = gzipped("../pkg/fast/fastbip32_wasm_bg.wasm");
  console.log(`default: ${small} bytes gzipped; fast: ${large} bytes gzipped`);
  assert.ok(large - small > 1_000_000, `${large} - ${small}`);
});
