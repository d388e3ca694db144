// The Recover panel: a known wallet (tests/data/recovery.json, from bip_utils) with a word
// missing is found on the page's recover workers, with progress and an estimate of the time
// left shown, and without any request beyond the file and the page's blob: workers.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";

import { dataDir, launch, pageUrl } from "./browser.js";

let browser;
const requests = [];
const workers = new Set();

before(async () => {
  browser = await launch(undefined, {
    beforeLoad: async (context, page) => {
      context.on("request", (request) => requests.push(request.url()));
      page.on("worker", (worker) => workers.add(worker.url()));
      await context.route("**", (route) =>
        route.request().url() === pageUrl ? route.continue() : route.abort("blockedbyclient"),
      );
    },
  });
});
after(async () => {
  await browser?.close();
});

test("Recover finds a wallet from a phrase with a missing word, showing progress", async () => {
  const vectors = JSON.parse(await readFile(path.join(dataDir, "recovery.json"), "utf8"));
  const wallet = vectors.english12;
  const words = wallet.mnemonic.split(" ");
  const { page } = browser;
  const label = (name) => page.getByLabel(name, { exact: true });
  // The ninth word left out, at a place the search does not know.
  await label("Remembered phrase").fill(words.filter((_, i) => i !== 8).join(" "));
  await label("Missing words").fill("1");
  await label("Known address").fill(wallet.bitcoin.bip84[3]);
  await label("Address gap").fill("4");
  const progress = [];
  const status = page.getByRole("status").filter({ hasText: /^(Searched|Found|No phrase|Error|Stopped|Starting)/ });
  await page.getByRole("button", { name: "Recover", exact: true }).click();
  // Progress: the status line counts the candidates and estimates the time left.
  await status.filter({ hasText: /^Searched [\d,]+ of 24,576 candidates \(\d+\.\d%\)/ }).waitFor({ timeout: 120000 });
  progress.push(await status.textContent());
  await status.filter({ hasText: /^Found at / }).waitFor({ timeout: 300000 });
  assert.equal(await status.textContent(), "Found at m/84'/0'/0'/0/3.");
  const result = await page.getByLabel("Recovered wallet").textContent();
  assert.ok(result.includes(`mnemonic: ${wallet.mnemonic}`), result);
  assert.ok(result.includes(`address: ${wallet.bitcoin.bip84[3]}`), result);
  assert.equal(await label("Recovery progress").evaluate((bar) => bar.value), 1);
  assert.match(progress[0], /about \d+ (s|min)/);
  assert.ok([...workers].some((url) => url.startsWith("blob:")), "recover workers started");
  assert.deepEqual(
    requests.filter((url) => url !== pageUrl && !workers.has(url)),
    [],
    "no request but the file and the page's blob: workers",
  );
  assert.deepEqual(browser.errors, []);
});

test("Stop ends a search", async () => {
  const { page } = browser;
  const label = (name) => page.getByLabel(name, { exact: true });
  await label("Remembered phrase").fill("ozone ? grab fiber curtain ? pudding thank cruise elder eight picnic");
  await label("Missing words").fill("0");
  await page.getByRole("button", { name: "Recover", exact: true }).click();
  const status = page.getByRole("status").filter({ hasText: /^(Searched|Stopped)/ });
  await status.filter({ hasText: /^Searched / }).waitFor({ timeout: 120000 });
  await page.getByRole("button", { name: "Stop recovery", exact: true }).click();
  await status.filter({ hasText: /^Stopped\.$/ }).waitFor({ timeout: 30000 });
  assert.ok(await page.getByRole("button", { name: "Recover", exact: true }).isEnabled());
});
