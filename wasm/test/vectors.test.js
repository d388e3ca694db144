// The published BIP-32 and SLIP-10 vectors of tests/data through the JavaScript API.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { ExtendedPrivateKey, ExtendedPublicKey, FastBip32Error } from "fastbip32";

const data = (name) => JSON.parse(readFileSync(new URL(`../../tests/data/${name}`, import.meta.url)));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (text) => Uint8Array.from(Buffer.from(text, "hex"));

test("BIP-32 vectors 1-4: every chain step's xprv, xpub and fields", () => {
  let steps = 0;
  for (const c of data("bip32.json").cases.filter((c) => c.kind === "derivation")) {
    const master = ExtendedPrivateKey.fromSeed(bytes(c.seed_hex));
    for (const step of c.chain) {
      const key = master.derive(step.path);
      assert.equal(key.toString(), step.xprv, `${c.id} ${step.path}`);
      assert.equal(key.toXpub().toString(), step.xpub, `${c.id} ${step.path}`);
      assert.equal(key.depth, step.decoded.depth);
      assert.equal(key.childNumber, step.decoded.child_number);
      assert.equal(hex(key.parentFingerprint), step.decoded.parent_fingerprint_hex);
      assert.equal(hex(key.chainCode), step.decoded.chain_code_hex);
      assert.equal(hex(key.privateKey), step.decoded.private_key_hex);
      assert.equal(hex(key.publicKey), step.decoded.public_key_hex);
      // Parsing gives the same key back.
      assert.equal(ExtendedPrivateKey.parse(step.xprv).toString(), step.xprv);
      assert.equal(ExtendedPublicKey.parse(step.xpub).toString(), step.xpub);
      key.free();
      steps++;
    }
    master.free();
  }
  assert.equal(steps, 17);
});

test("BIP-32 vector 5: every invalid extended key is refused with a FastBip32Error", () => {
  const cases = data("bip32.json").cases.filter((c) => c.kind === "invalid_extended_key");
  assert.equal(cases.length, 16);
  for (const c of cases) {
    const parse = c.extended_key.slice(1, 4) === "pub" ? ExtendedPublicKey.parse : ExtendedPrivateKey.parse;
    assert.throws(() => parse(c.extended_key), FastBip32Error, c.id);
  }
});

test("SLIP-10 vectors on secp256k1, nist256p1, ed25519 and curve25519", () => {
  let steps = 0;
  for (const c of data("slip10.json").cases) {
    const master = ExtendedPrivateKey.fromSeed(bytes(c.seed_hex), { curve: c.curve });
    if (c.kind === "derivation_failure") {
      assert.throws(() => master.derive(c.path), FastBip32Error, c.id);
      continue;
    }
    for (const step of c.chain) {
      const key = master.derive(step.path);
      assert.equal(hex(key.chainCode), step.chain_code_hex, `${c.id} ${step.path}`);
      assert.equal(hex(key.privateKey), step.private_key_hex, `${c.id} ${step.path}`);
      // SLIP-10 writes ed25519 and curve25519 public keys with a 00 prefix.
      const pub = key.publicKey.length === 32 ? `00${hex(key.publicKey)}` : hex(key.publicKey);
      assert.equal(pub, step.public_key_hex, `${c.id} ${step.path}`);
      assert.equal(hex(key.parentFingerprint), step.parent_fingerprint_hex, `${c.id} ${step.path}`);
      steps++;
    }
  }
  assert.ok(steps >= 52, `${steps} steps`);
});
