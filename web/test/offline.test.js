// The page from file://: loading and using it makes no request beyond the file itself, under a
// Content-Security-Policy with no connect-src, and writes nothing to storage.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";

import { launch, openPage, pageFile, pageUrl } from "./browser.js";

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

let browser;
const requests = [];
const responses = [];
const routed = [];
const blobs = new Set();

before(async () => {
  browser = await launch(undefined, {
    open: false,
    beforeLoad: async (context, page) => {
      // Every request of the context (pages and workers), and every answer.
      context.on("request", (request) => requests.push(request.url()));
      context.on("response", (response) => responses.push(response.url()));
      page.on("worker", (worker) => blobs.add(worker.url()));
      // Everything but the file itself fails.
      await context.route("**", (route) => {
        const url = route.request().url();
        routed.push(url);
        return url === pageUrl ? route.continue() : route.abort("blockedbyclient");
      });
    },
  });
});
after(async () => {
  await browser?.close();
});

test("the built file has a strict Content-Security-Policy and no external reference", async () => {
  const html = await readFile(pageFile, "utf8");
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
  assert.ok(csp, "a CSP meta element");
  const directives = Object.fromEntries(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  assert.deepEqual(directives["default-src"], ["'none'"]);
  assert.equal(directives["connect-src"], undefined);
  assert.deepEqual(directives["worker-src"], ["blob:"]);
  assert.ok(directives["script-src"].includes("'wasm-unsafe-eval'"));
  assert.ok(directives["script-src"].every((v) => v === "'wasm-unsafe-eval'" || /^'sha256-[A-Za-z0-9+/]+=*'$/.test(v)), "scripts by hash only");
  assert.ok(directives["style-src"].every((v) => /^'sha256-/.test(v)), "styles by hash only");
  assert.ok(!/unsafe-inline|unsafe-eval'|\*/.test(csp.replace("'wasm-unsafe-eval'", "")));
  // No src/href pointing anywhere but data: (the empty icon).
  for (const [, url] of html.matchAll(/\s(?:src|href)="([^"]*)"/g)) assert.match(url, /^data:/);
});

test("loading and using the page from file:// makes no request", async (t) => {
  const { page } = browser;
  await openPage(page);
  const label = (name) => page.getByLabel(name, { exact: true });
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await label("Mnemonic").fill(ABOUT);
  await page.getByRole("cell", { name: "m/84'/0'/0'/0/0", exact: true }).waitFor();
  // Enough rows for the worker pool.
  await label("Rows").fill("5000");
  await label("Rows").press("Enter");
  await page.getByText(/^5,000 rows \(/).waitFor({ timeout: 60000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  assert.ok((await readFile(await download.path(), "utf8")).includes("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"));
  await label("Address to decode").fill("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  await page.getByRole("button", { name: "Decode" }).click();

  // The page itself cannot connect: the CSP stops a fetch before it is a request.
  const blocked = await page.evaluate(async () => {
    const violations = [];
    document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
    try {
      await fetch("https://example.com/");
      return "fetched";
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return violations.join(",");
    }
  });
  assert.match(blocked, /connect-src/);

  t.diagnostic(`requests: ${requests.join(" ")}; routed: ${routed.join(" ")}; workers: ${[...blobs].join(" ")}`);
  assert.ok(blobs.size >= 1, "the pool's workers started");
  for (const url of blobs) assert.match(url, /^blob:/);
  // The file, and the workers' scripts: blob: URLs the page made from its own text.
  const others = requests.filter((url) => url !== pageUrl && !blobs.has(url));
  assert.deepEqual(others, [], "no request but the file and the page's blob: workers");
  assert.ok(requests.includes(pageUrl));
  assert.deepEqual(responses.filter((url) => url !== pageUrl && !blobs.has(url)), []);
  assert.deepEqual(
    routed.filter((url) => url !== pageUrl && !blobs.has(url)),
    [],
    "nothing but the file (and the page's blob: workers) reached the request layer",
  );

  const storage = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    databases: (await indexedDB.databases()).length,
    caches: typeof caches === "undefined" ? 0 : (await caches.keys()).length,
  }));
  assert.deepEqual(storage, { local: 0, session: 0, cookie: "", databases: 0, caches: 0 });

  // The warning that the computer is online follows the browser's connection state.
  const warning = page.getByRole("alert").filter({ hasText: "This computer is online" });
  await browser.context.setOffline(true);
  await warning.waitFor({ state: "hidden" });
  await browser.context.setOffline(false);
  await warning.waitFor({ state: "visible" });
  assert.deepEqual(browser.errors, []);
});
