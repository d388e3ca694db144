// 100,000 rows stream from the worker pool while the page keeps answering clicks; the first
// rows are BIP-84's published addresses, rows far down bip_utils' (tests/data).

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";

import { addressTable, addressVectors, dataDir, launch, tableRows } from "./browser.js";

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const ROWS = 100000;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("100,000 BIP-84 rows stream in while the page answers clicks", async (t) => {
  const { page } = browser;
  const label = (name) => page.getByLabel(name, { exact: true });
  const vectors = await addressVectors();
  const status = page.locator("#rows-status");
  const streaming = async () => /of 100,000 rows…/.test(await status.textContent());

  await page.getByRole("switch", { name: "Hide private data" }).setChecked(false);
  await label("Mnemonic").fill(ABOUT);
  await page.getByRole("cell", { name: "m/84'/0'/0'/0/19", exact: true }).waitFor();

  // Click a button whose handler runs on the page's main thread, and time the answer: first
  // with the page idle (the driver's own round trip), then for as long as rows come in.
  const toggle = page.getByRole("button", { name: /^(Show|Hide) private keys$/ });
  const click = async () => {
    const pressed = await toggle.getAttribute("aria-pressed");
    const t0 = performance.now();
    await toggle.click();
    await page.waitForFunction((was) => document.getElementById("show-private").getAttribute("aria-pressed") !== was, pressed);
    return performance.now() - t0;
  };
  const idle = [];
  for (let i = 0; i < 6; i++) idle.push(await click());

  const started = Date.now();
  await label("Rows").fill(String(ROWS));
  await label("Rows").press("Enter");
  // Streaming, or (on a machine fast enough) already done.
  await page.waitForFunction(() => /of 100,000 rows…|^100,000 rows \(/.test(document.getElementById("rows-status").textContent));

  const latencies = [];
  let answeredWhileStreaming = 0;
  while (await streaming()) {
    latencies.push(await click());
    if (await streaming()) answeredWhileStreaming++;
  }
  await page.waitForFunction((n) => new RegExp(`^${n.toLocaleString("en")} rows \\(`).test(document.getElementById("rows-status").textContent), ROWS);
  const seconds = (Date.now() - started) / 1000;

  assert.ok(answeredWhileStreaming >= 1, `at least one click answered while rows were streaming (${latencies.length} clicks in ${seconds} s)`);
  const summary = (list) => {
    const sorted = [...list].sort((x, y) => x - y);
    return `${sorted.length} clicks, median ${sorted[sorted.length >> 1].toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
  };
  t.diagnostic(`100,000 rows in ${seconds.toFixed(2)} s (the page's own figure: ${await status.textContent()})`);
  t.diagnostic(`click to answer, through the test driver: idle ${summary(idle)}; while streaming ${summary(latencies)}`);

  // Every row is in the table's count; the first ones are BIP-84's published addresses.
  assert.equal(await addressTable(page).getAttribute("aria-rowcount"), String(ROWS + 1));
  const published = vectors.cases.filter((c) => c.bip === 84 && c.path.startsWith("m/84'/0'/0'/0/"));
  const first = await tableRows(page);
  for (const c of published) assert.equal(first.find((r) => r.Path === c.path)?.Address, c.address, c.path);

  // Rows far down, scrolled to: bip_utils' addresses (tests/data/find_bip_utils.json).
  const far = (await readFile(path.join(dataDir, "find_bip_utils.json"), "utf8").then(JSON.parse)).accounts
    .find((a) => a.kind === "p2wpkh")
    .cases.filter((c) => c.branch === 0 && c.index < ROWS);
  assert.ok(far.length >= 2);
  for (const c of far) {
    await page.locator("#table-scroll").evaluate((el, index) => {
      const row = el.querySelector("tbody tr:not(.spacer)");
      el.scrollTop = el.querySelector("thead").offsetHeight + index * row.offsetHeight - el.clientHeight / 2;
    }, c.index);
    await page.getByRole("cell", { name: c.path, exact: true }).waitFor();
    const shown = (await tableRows(page)).find((r) => r.Path === c.path);
    assert.equal(shown.Address, c.address, c.path);
  }

  // The last row, scrolled to: its path, and an address of the same kind.
  await page.locator("#table-scroll").evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const last = page.getByRole("cell", { name: `m/84'/0'/0'/0/${ROWS - 1}`, exact: true });
  await last.waitFor();
  const rows = await tableRows(page);
  const lastRow = rows.find((r) => r.Path === `m/84'/0'/0'/0/${ROWS - 1}`);
  assert.match(lastRow.Address, /^bc1q[02-9ac-hj-np-z]{38}$/);
  assert.equal(new Set(rows.map((r) => r.Address)).size, rows.length, "distinct addresses");
  assert.deepEqual(browser.errors, []);
});

test("Stop keeps the rows so far; More rows continues after the last one", async () => {
  const { page } = browser;
  const label = (name) => page.getByLabel(name, { exact: true });
  const status = page.locator("#rows-status");
  await label("Start index").fill("0");
  await label("Rows").fill(String(ROWS));
  await label("Rows").press("Enter");
  await page.waitForFunction(() => /of 100,000 rows…/.test(document.getElementById("rows-status").textContent));
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await page.getByText(/^Stopped at [\d,]+ rows\.$/).waitFor();
  const kept = Number((await status.textContent()).replace(/\D/g, ""));
  assert.ok(kept > 0 && kept < ROWS, `stopped at ${kept}`);
  assert.equal(await addressTable(page).getAttribute("aria-rowcount"), String(kept + 1));

  // More rows: "Rows" (100,000) more, from the row after the last.
  await page.getByRole("button", { name: "More rows", exact: true }).click();
  const total = kept + ROWS;
  await page.getByText(`${total.toLocaleString("en")} rows (100,000 in`, { exact: false }).waitFor({ timeout: 120000 });
  assert.equal(await addressTable(page).getAttribute("aria-rowcount"), String(total + 1));
  for (const index of [kept - 1, kept, total - 1]) {
    await page.locator("#table-scroll").evaluate((el, i) => {
      const row = el.querySelector("tbody tr:not(.spacer)");
      el.scrollTop = el.querySelector("thead").offsetHeight + i * row.offsetHeight - el.clientHeight / 2;
    }, index);
    await page.getByRole("cell", { name: `m/84'/0'/0'/0/${index}`, exact: true }).waitFor();
  }
  assert.deepEqual(browser.errors, []);
});
