// The page at a desktop's and a phone's width: screenshots to look at (web/test-output/), the
// "Hide private data" default for each, and no sideways scrolling of the page at phone width
// (the table scrolls inside its own box).

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { DESKTOP, PHONE, launch, outputDir } from "./browser.js";

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

for (const [name, options, hidden] of [
  ["desktop", DESKTOP, true],
  ["phone", PHONE, false],
]) {
  test(`${name} width: layout, privacy default, screenshot`, async (t) => {
    const browser = await launch(options);
    try {
      const { page } = browser;
      // On a screen wide enough to be shared, private data starts hidden; on a phone it does not.
      assert.equal(await page.getByRole("switch", { name: "Hide private data" }).isChecked(), hidden);
      await page.getByLabel("Mnemonic", { exact: true }).fill(ABOUT);
      await page.getByRole("cell", { name: "m/84'/0'/0'/0/0", exact: true }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
      // Every labelled control fits the width.
      for (const label of ["Mnemonic", "Passphrase", "Coin", "Derivation path", "Account extended public key", "Rows", "Start index"]) {
        const box = await page.getByLabel(label, { exact: true }).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= options.viewport.width + 1, `"${label}" fits`);
      }
      mkdirSync(outputDir, { recursive: true });
      const file = path.join(outputDir, `page-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      t.diagnostic(`screenshot: ${file}`);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
