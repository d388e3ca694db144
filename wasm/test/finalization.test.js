// A key the caller forgets is freed, and its secret wiped, once the engine collects it
// (wasm-bindgen's FinalizationRegistry). The collection is forced with V8's gc().
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

import { initSync } from "../pkg/fastbip32_wasm.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const wasm = initSync({ module: readFileSync(new URL("../pkg/fastbip32_wasm_bg.wasm", import.meta.url)) });
const api = await import("../js/api.js");

function occurrences(needle) {
  const memory = new Uint8Array(wasm.memory.buffer);
  let count = 0;
  for (let i = memory.indexOf(needle[0]); i !== -1 && i <= memory.length - needle.length; i = memory.indexOf(needle[0], i + 1)) {
    let j = 1;
    while (j < needle.length && memory[i + j] === needle[j]) j++;
    if (j === needle.length) count++;
  }
  return count;
}

test("a forgotten ExtendedPrivateKey is wiped after the engine collects it", async () => {
  const seed = new Uint8Array(32).fill(0x5a);
  // The key lives only inside this function; its secret is copied out to look for.
  const secret = (() => {
    const master = api.ExtendedPrivateKey.fromSeed(seed);
    const key = master.derive("m/1'/2'");
    master.free();
    return key.privateKey;
  })();
  assert.ok(occurrences(secret) >= 1, "the secret is in the module's memory while the key is reachable or uncollected");
  for (let round = 0; round < 50 && occurrences(secret) > 0; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(occurrences(secret), 0, "the registry freed the key and the library wiped it");
});
