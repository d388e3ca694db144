// The browser entry in headless Chromium (playwright-core driving /usr/bin/chromium, never a
// downloaded browser): the module fetched and instantiated from a local server, BIP-32 test
// vector 1, the error classes, and the worker pool's module Workers (each with its own
// module instance) giving the same addresses as one call, in order. Skipped without
// Chromium.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { test } from "node:test";

const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const root = new URL("..", import.meta.url).pathname;
const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };

function serve() {
  const server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    if (!path.startsWith(root) || !existsSync(path) || path.endsWith("/")) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
    response.end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("the browser entry and the worker pool in headless Chromium", { skip: !existsSync(chromium) && `no ${chromium}`, timeout: 180_000 }, async () => {
  const { chromium: driver } = await import("playwright-core");
  const vector1 = JSON.parse(readFileSync(new URL("../../tests/data/bip32.json", import.meta.url))).cases[0];
  const server = await serve();
  const browser = await driver.launch({
    executablePath: chromium,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    const base = `http://127.0.0.1:${server.address().port}`;
    await page.goto(`${base}/package.json`);
    const got = await page.evaluate(
      async ({ base, seedHex, path }) => {
        const f = await import(`${base}/js/browser.js`);
        const seed = Uint8Array.from(seedHex.match(/../g), (h) => parseInt(h, 16));
        const key = f.ExtendedPrivateKey.fromSeed(seed).derive(path);
        let error;
        try {
          key.derive("m/x");
        } catch (e) {
          error = { path: e instanceof f.PathError, base: e instanceof f.FastBip32Error, kind: e.kind };
        }
        const xpub = key.toXpub();
        const pool = new f.WorkerPool({ size: 2 });
        const fromPool = await pool.addresses(xpub, 0, 3000, { chunkSize: 500 });
        pool.terminate();
        return { xprv: key.toString(), same: fromPool.join() === xpub.addresses(0, 3000).join(), count: fromPool.length, error };
      },
      { base, seedHex: vector1.seed_hex, path: vector1.chain.at(-1).path },
    );
    assert.deepEqual(got, {
      xprv: vector1.chain.at(-1).xprv,
      same: true,
      count: 3000,
      error: { path: true, base: true, kind: "InvalidPath" },
    });
  } finally {
    await browser.close();
    server.close();
  }
});
