// The TypeScript declarations: types.ts, which uses every export and some misuses, compiles
// with tsc --strict --noEmit.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

test("tsc --noEmit accepts types.ts against the package's declarations", () => {
  const tsc = new URL("../node_modules/typescript/bin/tsc", import.meta.url).pathname;
  const config = new URL("./tsconfig.json", import.meta.url).pathname;
  let output = "";
  try {
    output = execFileSync(process.execPath, [tsc, "-p", config], { encoding: "utf8" });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
  assert.equal(output, "");
});
