// Opens the built page (web/dist/fastbip32.html) from file:// in the system's Chromium through
// playwright-core (no browser download), in a fresh profile each time.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The page's file and its file:// URL. */
export const pageFile = path.join(here, "..", "dist", "fastbip32.html");
export const pageUrl = pathToFileURL(pageFile).href;

/** Where screenshots go (git ignores it). */
export const outputDir = path.join(here, "..", "test-output");

/** The repository's tests/data directory (published vectors). */
export const dataDir = path.join(here, "..", "..", "tests", "data");

/** The Chromium binary: $CHROMIUM, else Debian's. */
export const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Starts Chromium with a fresh --user-data-dir and `options` (a viewport); returns
 * { context, page, close }. `beforeLoad(context, page)` runs before the page is opened (to
 * listen to requests); `open` false leaves the page blank.
 */
export async function launch(options = DESKTOP, { beforeLoad, open = true } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), "fastbip32-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: ARGS,
    acceptDownloads: true,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  if (beforeLoad) await beforeLoad(context, page);
  if (open) await openPage(page);
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the page and waits until its module is loaded. */
export async function openPage(page) {
  await page.goto(pageUrl);
  await page.waitForSelector("body[data-ready=true]", { timeout: 60000 });
}

/** The published BIP-84/BIP-86/BIP-49 vectors (tests/data/address_bips.json). */
export async function addressVectors() {
  const { readFile } = await import("node:fs/promises");
  return JSON.parse(await readFile(path.join(dataDir, "address_bips.json"), "utf8"));
}

/** The address table, found by its role and name. */
export function addressTable(page) {
  return page.getByRole("table", { name: "Derived addresses" });
}

/** The column headers of the address table, in order. */
export async function tableHeaders(page) {
  return addressTable(page).getByRole("columnheader").allTextContents();
}

/** The data rows in view, each an object keyed by the column headers. */
export async function tableRows(page) {
  const headers = await tableHeaders(page);
  const rows = await addressTable(page).getByRole("row").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  return rows
    .filter((cells) => cells.length === headers.length && !cells.every((text, i) => text === headers[i]))
    .map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i]])));
}
