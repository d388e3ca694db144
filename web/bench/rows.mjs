// Times the page's 100,000 BIP-84 rows through its worker pool, in headless Chromium
// (playwright-core, /usr/bin/chromium or $CHROMIUM), from web/dist/fastbip32.html:
//
//   npm --prefix web run build && node web/bench/rows.mjs [--runs N] [--rows N]
//
// Each run types "abandon ×11 about", waits for the first table, asks for the rows and
// stops the clock when the page reports them all; the first row must be BIP-84's published
// address. Beside it, on the same machine, the command-line tool on the same account
// (BIP-84's account key of that mnemonic, tests/data/descriptor_accounts.json):
//
//   time fastbip32 addresses --descriptor 'wpkh([73c5da0a/84h/0h/0h]xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V/0/*)' --count 100000 > /dev/null
import assert from "node:assert/strict";
import { parseArgs } from "node:util";

import { launch } from "../test/browser.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    rows: { type: "string", default: "100000" },
  },
});
const runs = Number(values.runs);
const rows = Number(values.rows);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) throw new RangeError("--runs is 1 to 100");
if (!Number.isInteger(rows) || rows < 1 || rows > 100000) throw new RangeError("--rows is 1 to 100,000 (the page's limit)");

const ABOUT = "abandon ".repeat(11) + "about";
const FIRST = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

const browser = await launch();
const { page } = browser;
const label = (name) => page.getByLabel(name, { exact: true });
const done = (n) => page.waitForFunction((count) => new RegExp(`^${count.toLocaleString("en")} rows \\(`).test(document.getElementById("rows-status").textContent), n, { timeout: 600000 });
const seconds = [];
try {
  for (let run = 0; run < runs; run++) {
    await label("Rows").fill("20");
    await label("Mnemonic").fill(run % 2 === 0 ? ABOUT : `${ABOUT} `);
    await page.getByRole("cell", { name: "m/84'/0'/0'/0/19", exact: true }).waitFor();
    await done(20);
    const t0 = performance.now();
    await label("Rows").fill(String(rows));
    await label("Rows").press("Enter");
    await done(rows);
    seconds.push((performance.now() - t0) / 1000);
    const first = await page.getByRole("cell", { name: "m/84'/0'/0'/0/0", exact: true }).locator("xpath=..").textContent();
    assert.ok(first.includes(FIRST), first);
    console.log(`run ${run + 1}: ${rows.toLocaleString("en")} rows in ${seconds.at(-1).toFixed(2)} s (the page: ${await page.locator("#rows-status").textContent()})`);
  }
} finally {
  await browser.close();
}
const sorted = [...seconds].sort((a, b) => a - b);
console.log(`median of ${runs}: ${sorted[sorted.length >> 1].toFixed(2)} s for ${rows.toLocaleString("en")} BIP-84 rows`);
