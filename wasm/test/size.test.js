// The module's size budget: at most 450 KB gzipped (gzip level 9) for the default build
// (build.sh: the size-optimised profile, libsecp256k1 without its tables).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

test("the default module is at most 450 KB gzipped", () => {
  const wasm = readFileSync(new URL("../pkg/fastbip32_wasm_bg.wasm", import.meta.url));
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  console.log(`fastbip32_wasm_bg.wasm: ${wasm.length} bytes, ${gzipped} gzipped`);
  assert.ok(gzipped <= 450_000, `${gzipped} bytes gzipped`);
});
