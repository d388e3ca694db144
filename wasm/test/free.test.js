// free() wipes the WebAssembly memory that held a secret: the bytes are looked for in the
// module's whole memory before and after.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { initSync } from "../pkg/fastbip32_wasm.js";

const wasm = initSync({ module: readFileSync(new URL("../pkg/fastbip32_wasm_bg.wasm", import.meta.url)) });
const api = await import("../js/api.js");

/** How many times `needle` occurs in the module's memory. */
function occurrences(needle) {
  const memory = new Uint8Array(wasm.memory.buffer);
  let count = 0;
  const first = needle[0];
  for (let i = memory.indexOf(first); i !== -1 && i <= memory.length - needle.length; i = memory.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && memory[i + j] === needle[j]) j++;
    if (j === needle.length) count++;
  }
  return count;
}

const seed = Uint8Array.from(Buffer.from("fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542", "hex"));

for (const curve of ["secp256k1", "nist256p1", "ed25519", "ed25519-bip32"]) {
  test(`free() wipes an ExtendedPrivateKey's secret (${curve})`, () => {
    const master = api.ExtendedPrivateKey.fromSeed(seed, { curve });
    const key = master.derive("m/0'/2147483647'");
    master.free();
    const secret = key.privateKey;
    const chainCode = key.chainCode;
    assert.ok(occurrences(secret) >= 1, "the secret is in the module's memory while the key lives");
    key.free();
    assert.equal(occurrences(secret), 0, "no copy of the secret is left after free()");
    assert.equal(occurrences(chainCode), 0, "no copy of the chain code is left after free()");
  });
}

test("free() wipes a Mnemonic's words, and parsing leaves no copy of the phrase", () => {
  const phrase = "legal winner thank year wave sausage worth useful legal winner thank yellow";
  const mnemonic = new api.Mnemonic(phrase);
  const entropy = mnemonic.entropy;
  const text = new TextEncoder().encode("sausage worth useful");
  mnemonic.free();
  assert.equal(occurrences(text), 0);
  assert.equal(occurrences(entropy), 0);
});

test("fromSeed leaves no copy of the seed; parse() leaves no copy of the xprv text", () => {
  const key = api.ExtendedPrivateKey.fromSeed(seed);
  assert.equal(occurrences(seed), 0);
  const text = key.toString();
  key.free();
  const parsed = api.ExtendedPrivateKey.parse(text);
  parsed.free();
  assert.equal(occurrences(new TextEncoder().encode(text)), 0);
});

test("derivePrivateKeys leaves no copy of the children's keys", () => {
  const key = api.ExtendedPrivateKey.fromSeed(seed);
  const keys = key.derivePrivateKeys(0, 8);
  key.free();
  for (const k of keys) assert.equal(occurrences(k), 0);
});
