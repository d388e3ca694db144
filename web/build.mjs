// Builds the page: one self-contained file, web/dist/fastbip32.html.
//
//   node build.mjs              builds the package's module first (sh ../wasm/build.sh), then the page
//   node build.mjs --no-wasm    uses the module already in ../wasm/pkg
//
// The file holds the WebAssembly module (gzip, then base64, in a non-executed data block), the
// package's JavaScript as one classic script (bundle.mjs), the page's script and its style
// sheet. A Content-Security-Policy <meta> allows exactly those two scripts and that style sheet
// by their SHA-256 hashes, WebAssembly compilation, and workers made from blob: URLs; nothing
// else, and no connection of any kind.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

import { bundle } from "./bundle.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const wasmDir = path.join(here, "..", "wasm");
const moduleFile = path.join(wasmDir, "pkg", "fastbip32_wasm_bg.wasm");
const glueFile = path.join(wasmDir, "pkg", "fastbip32_wasm.js");
const recoverModuleFile = path.join(wasmDir, "pkg", "fastbip32_recover_bg.wasm");
const recoverGlueFile = path.join(wasmDir, "pkg", "fastbip32_recover.js");
const out = path.join(here, "dist", "fastbip32.html");

const args = process.argv.slice(2);
for (const arg of args) {
  if (arg !== "--no-wasm") {
    console.error(`build.mjs: unknown argument ${arg} (usage: node build.mjs [--no-wasm])`);
    process.exit(2);
  }
}

if (!args.includes("--no-wasm")) {
  execFileSync("sh", [path.join(wasmDir, "build.sh")], { stdio: "inherit" });
}
for (const file of [moduleFile, glueFile, recoverModuleFile, recoverGlueFile]) {
  if (!existsSync(file)) {
    console.error(`build.mjs: ${path.relative(process.cwd(), file)} is missing: build the package first (sh wasm/build.sh)`);
    process.exit(1);
  }
}

const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Text that goes inside an element: it may not close it. */
function inert(text, element) {
  if (new RegExp(`</${element}`, "i").test(text)) throw new Error(`build.mjs: the ${element} text contains </${element}`);
  return text;
}

const lib = inert(bundle([path.join(here, "src", "lib.js")], "FastBip32"), "script");
const app = inert(readFileSync(path.join(here, "src", "app.js"), "utf8"), "script");
// A syntax error fails the build, not the page.
new vm.Script(app, { filename: "src/app.js" });
const style = inert(readFileSync(path.join(here, "src", "style.css"), "utf8"), "style");
const moduleBytes = readFileSync(moduleFile);
const moduleGzip = gzipSync(moduleBytes, { level: 9 });
const moduleText = moduleGzip.toString("base64").replace(/.{1,76}/g, "$&\n");
// The recover workers' module and script: data the page does not run, given to the workers
// of the Recover panel (a blob: URL of the script, the module's bytes by postMessage).
const recoverLib = inert(bundle([path.join(here, "src", "recover-lib.js")], "FastBip32Recover"), "script");
const recoverBytes = readFileSync(recoverModuleFile);
const recoverGzip = gzipSync(recoverBytes, { level: 9 });
const recoverText = recoverGzip.toString("base64").replace(/.{1,76}/g, "$&\n");

const csp = [
  "default-src 'none'",
  `script-src ${sha256(lib)} ${sha256(app)} 'wasm-unsafe-eval'`,
  `style-src ${sha256(style)}`,
  "img-src data:",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

let html = readFileSync(path.join(here, "src", "index.html"), "utf8");
const slots = {
  "<!-- CSP -->": `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
  "<!-- STYLE -->": `<style>${style}</style>`,
  "<!-- MODULE -->":
    `<script type="application/octet-stream" id="fastbip32-module" data-encoding="gzip+base64" data-size="${moduleBytes.length}">\n${moduleText}</script>\n` +
    `<script type="application/octet-stream" id="fastbip32-recover-module" data-encoding="gzip+base64" data-size="${recoverBytes.length}">\n${recoverText}</script>\n` +
    `<script type="text/plain" id="fastbip32-recover-lib">${recoverLib}</script>`,
  "<!-- LIB -->": `<script id="fastbip32-lib">${lib}</script>`,
  "<!-- APP -->": `<script>${app}</script>`,
};
for (const [slot, text] of Object.entries(slots)) {
  const parts = html.split(slot);
  if (parts.length !== 2) throw new Error(`build.mjs: src/index.html must have ${slot} once`);
  html = parts[0] + text + parts[1];
}

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, html);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `build.mjs: ${path.relative(process.cwd(), out)}: ${kb(html.length)} ` +
    `(module ${kb(moduleBytes.length)}, gzip ${kb(moduleGzip.length)}; recover module ${kb(recoverBytes.length)}, gzip ${kb(recoverGzip.length)}; ` +
    `package script ${kb(lib.length)}; page script ${kb(app.length)})`,
);
