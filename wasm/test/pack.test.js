// `npm pack` (its prepack builds the modules) gives a tarball that installs into a fresh
// project, where `import { ExtendedPrivateKey } from "fastbip32"` derives BIP-32 test
// vector 1 in Node, and so does the entry `fastbip32/fast`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const packageDir = new URL("..", import.meta.url).pathname;
const vector1 = JSON.parse(readFileSync(new URL("../../tests/data/bip32.json", import.meta.url))).cases[0];
// A wallet of tests/data/recovery.json (bip_utils): recover() finds it from the installed package.
const wallet = JSON.parse(readFileSync(new URL("../../tests/data/recovery.json", import.meta.url))).english12;

test("npm pack gives a tarball that installs and works in a fresh project", () => {
  const dir = mkdtempSync(join(tmpdir(), "fastbip32-pack-"));
  try {
    const packed = JSON.parse(
      execFileSync(npm, ["pack", "--json", "--pack-destination", dir], { cwd: packageDir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }),
    );
    const files = packed[0].files.map((f) => f.path).sort();
    for (const needed of ["index.d.ts", "js/node.js", "js/browser.js", "js/worker.js", "pkg/fastbip32_wasm_bg.wasm", "pkg/fastbip32_wasm.js", "pkg/english/js/node.js", "pkg/english/js/worker.js", "pkg/english/fastbip32_wasm_bg.wasm", "pkg/english/fastbip32_wasm.js",
      "fast.d.ts", "pkg/fast/js/node.js", "pkg/fast/js/worker.js", "pkg/fast/fastbip32_wasm_bg.wasm", "pkg/fast/fastbip32_wasm.js",
      "js/recover.js", "js/recover-worker.js", "js/recover-task.js", "recover.d.ts", "pkg/fastbip32_recover_bg.wasm", "pkg/fastbip32_recover.js"]) {
      assert.ok(files.includes(needed), `${needed} is in the tarball`);
    }
    assert.ok(!files.some((f) => f.startsWith("src/") || f.startsWith("test/") || f.startsWith("node_modules/")), files.join());
    const project = join(dir, "project");
    execFileSync("mkdir", [project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "fresh", version: "1.0.0", type: "module", private: true }));
    execFileSync(npm, ["install", "--offline", "--no-audit", "--no-fund", join(dir, packed[0].filename)], { cwd: project, stdio: "ignore" });
    const last = vector1.chain.at(-1);
    writeFileSync(
      join(project, "main.js"),
      `import { ExtendedPrivateKey, WorkerPool, recover } from "fastbip32";
import * as fast from "fastbip32/fast";
const master = ExtendedPrivateKey.fromSeed(Uint8Array.from(Buffer.from("${vector1.seed_hex}", "hex")));
const key = master.derive("${last.path}");
const pool = new WorkerPool({ size: 1 });
const fromPool = await pool.addresses(key.toXpub(), 0, 3);
pool.terminate();
const template = ${JSON.stringify(wallet.mnemonic.split(" ").map((w, i) => (i === 5 ? "?" : w)).join(" "))};
const found = await recover({ mnemonic: template, address: "${wallet.bitcoin.bip84[0]}", gap: 1, workers: 1 });
const fastKey = fast.ExtendedPrivateKey.fromSeed(Uint8Array.from(Buffer.from("${vector1.seed_hex}", "hex"))).derive("${last.path}");
console.log(JSON.stringify({ xprv: key.toString(), xpub: key.toXpub().toString(), same: fromPool.join() === key.toXpub().addresses(0, 3).join(), recovered: found.mnemonic, fastXprv: fastKey.toString() }));
`,
    );
    const got = JSON.parse(execFileSync(process.execPath, ["main.js"], { cwd: project, encoding: "utf8" }));
    assert.deepEqual(got, { xprv: last.xprv, xpub: last.xpub, same: true, recovered: wallet.mnemonic, fastXprv: last.xprv });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
