// The README's JavaScript example runs as written (its console.assert calls made to throw).
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { test } from "node:test";

test("the README's JavaScript example runs, every assertion holding", async () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("\n## JavaScript\n"));
  const example = section.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(example?.includes('from "fastbip32"'), "the section has a js example importing fastbip32");
  // In the package's own directory, so that "fastbip32" resolves to this package.
  const file = new URL("./readme-example.tmp.js", import.meta.url);
  const strict = `console.assert = (ok, ...rest) => { if (!ok) throw new Error("README assertion failed " + rest.join(" ")); };\n`;
  writeFileSync(file, strict + example);
  try {
    await import(file.href);
  } finally {
    rmSync(file);
  }
});
