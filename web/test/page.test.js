// The page, driven by its labels and roles: generate, the published BIP-84/86/49 vectors in
// the table, suggestions, entropy, watch-only, find and decode, CSV and JSON export.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";

import { addressVectors, launch, tableHeaders, tableRows } from "./browser.js";

// BIP-39's "abandon … about" (BIP-84, BIP-86 and BIP-49 test vectors).
const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
// BIP-84 "Test vectors": the account 0 extended public key.
const BIP84_ZPUB = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";

let browser;
let page;
let vectors;

before(async () => {
  vectors = await addressVectors();
  browser = await launch(undefined, {
    beforeLoad: async (_context, p) => {
      // Count the bytes the page draws from the CSPRNG (crypto.getRandomValues).
      await p.addInitScript(() => {
        const original = Crypto.prototype.getRandomValues;
        globalThis.__randomBytes = 0;
        Crypto.prototype.getRandomValues = function (array) {
          globalThis.__randomBytes += array.byteLength;
          return original.call(this, array);
        };
      });
    },
  });
  page = browser.page;
});

after(async () => {
  await browser?.close();
});

const label = (name) => page.getByLabel(name, { exact: true });

/** Types `phrase` into "Mnemonic" and waits for the table to show `firstPath`. */
async function typeMnemonic(phrase) {
  await label("Mnemonic").fill(phrase);
}

async function waitForRow(path) {
  await page.getByRole("cell", { name: path, exact: true }).first().waitFor({ timeout: 30000 });
}

/** The row whose Path is `path`. */
async function row(path) {
  await waitForRow(path);
  const rows = await tableRows(page);
  const found = rows.find((r) => r.Path === path);
  assert.ok(found, `no row ${path}`);
  return found;
}

async function setPath(path, start = "0") {
  await label("Derivation path").fill(path);
  await label("Start index").fill(start);
  await label("Start index").press("Enter");
}

describe("the page", () => {
  test("has the labelled controls and the table's column headers", async () => {
    for (const name of ["Mnemonic", "Passphrase", "Coin", "Derivation path", "Account extended public key", "Rows", "Start index"]) {
      assert.equal(await label(name).count(), 1, `one control labelled "${name}"`);
      assert.ok(await label(name).isVisible(), `"${name}" is visible`);
      // A visible <label for>, not only an aria-label.
      const id = await label(name).getAttribute("id");
      assert.equal(await page.locator(`label[for="${id}"]`).textContent(), name);
    }
    for (const name of ["Generate", "More rows"]) assert.ok(await page.getByRole("button", { name, exact: true }).isVisible());
    assert.deepEqual(await tableHeaders(page), ["Path", "Address", "Public key", "Private key"]);
    assert.equal(await page.getByRole("switch", { name: "Hide private data" }).count(), 1);
    assert.match(await page.getByRole("note").textContent(), /offline/i);
  });

  test("every form control has a visible <label for>, and every button a name", async () => {
    const missing = await page.evaluate(() => {
      const out = [];
      for (const control of document.querySelectorAll("input, select, textarea")) {
        const labels = [...control.labels];
        // Inside a closed <details>, a control and its label are hidden together.
        const shown = (el) => el.closest("details:not([open])") !== null || el.getClientRects().length > 0;
        if (labels.length === 0 || !labels.every((l) => l.htmlFor === control.id && l.textContent.trim() && shown(l))) out.push(control.id || control.outerHTML);
      }
      for (const button of document.querySelectorAll("button")) if (!button.textContent.trim()) out.push(button.outerHTML);
      return out;
    });
    assert.deepEqual(missing, []);
  });

  test("Generate makes a mnemonic from the CSPRNG, 12 to 24 words, in the chosen language", async () => {
    const before = await page.evaluate(() => globalThis.__randomBytes);
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const first = await label("Mnemonic").inputValue();
    assert.equal(first.trim().split(/\s+/).length, 12);
    // 12 words are 16 bytes of entropy, drawn from crypto.getRandomValues.
    assert.ok((await page.evaluate(() => globalThis.__randomBytes)) - before >= 16);
    await page.getByRole("cell", { name: /^m\/84'\/0'\/0'\/0\/0$/ }).waitFor();

    await label("Words").selectOption("24");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const second = await label("Mnemonic").inputValue();
    assert.equal(second.trim().split(/\s+/).length, 24);
    assert.notEqual(second, first);

    await label("Language").selectOption("japanese");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const japanese = await label("Mnemonic").inputValue();
    // BIP-39's Japanese list: kana words joined by the ideographic space.
    assert.equal(japanese.split("\u3000").length, 24);
    assert.match(japanese, /^[\u3040-\u30ff\u3000ー]+$/);
    await label("Language").selectOption("english");
    await label("Words").selectOption("12");
  });

  test("the BIP-84 mnemonic gives BIP-84's published addresses, keys and zpub", async () => {
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await typeMnemonic(ABOUT);
    const cases = vectors.cases.filter((c) => c.bip === 84 && c.path.startsWith("m/84'/0'/0'/0/"));
    assert.ok(cases.length >= 2);
    assert.equal(await label("Derivation path").inputValue(), "m/84'/0'/0'/0");
    for (const c of cases) {
      const r = await row(c.path);
      assert.equal(r.Address, c.address, c.path);
      assert.equal(r["Public key"], c.public_key_hex, c.path);
      assert.equal(r["Private key"], "hidden");
    }
    // The first rows of the table, in order.
    const rows = await tableRows(page);
    assert.deepEqual(rows.slice(0, 2).map((r) => r.Address), cases.slice(0, 2).map((c) => c.address));
    assert.equal(await label("Account extended public key").inputValue(), BIP84_ZPUB);
    const xprv = vectors.accounts.find((a) => a.bip === 84).xprv;
    await page.getByRole("switch", { name: "Hide private data" }).setChecked(false);
    assert.equal(await label("Account extended private key").inputValue(), xprv);
    await page.getByRole("button", { name: "Show private keys" }).click();
    const r0 = await row(cases[0].path);
    assert.equal(r0["Private key"], cases[0].wif);
  });

  test("every published BIP-84, BIP-86 and BIP-49 address, by tab, network, path and start index", async () => {
    await typeMnemonic(ABOUT);
    for (const c of vectors.cases) {
      await page.getByRole("tab", { name: `BIP-${c.bip}` }).click();
      await label("Network").selectOption(c.network);
      const steps = c.path.split("/");
      await setPath(steps.slice(0, -1).join("/"), steps.at(-1));
      const r = await row(c.path);
      assert.equal(r.Address, c.address, c.path);
      // BIP-86 publishes x-only keys: the table's compressed key ends with them.
      const published = c.public_key_hex ?? c.internal_key_hex;
      assert.ok(published && r["Public key"].endsWith(published), `${c.path}: ${r["Public key"]}`);
    }
    await label("Network").selectOption("mainnet");
    await page.getByRole("tab", { name: "BIP-84" }).click();
  });

  test("More rows continues from the last row; hardened rows are marked", async () => {
    await typeMnemonic(ABOUT);
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await label("Rows").fill("5");
    await label("Rows").press("Enter");
    await waitForRow("m/84'/0'/0'/0/4");
    await page.getByRole("button", { name: "More rows", exact: true }).click();
    await waitForRow("m/84'/0'/0'/0/9");
    assert.equal(await page.getByRole("table", { name: "Derived addresses" }).getAttribute("aria-rowcount"), "11");
    await page.getByLabel("Hardened rows").check();
    await waitForRow("m/84'/0'/0'/0/0'");
    await page.getByLabel("Hardened rows").uncheck();
    await label("Rows").fill("20");
    await label("Rows").press("Enter");
    await waitForRow("m/84'/0'/0'/0/19");
  });

  test("the derivation tabs follow the arrow keys", async () => {
    const tab = (name) => page.getByRole("tab", { name, exact: true });
    await tab("BIP-84").click();
    await tab("BIP-84").press("ArrowRight");
    assert.equal(await tab("BIP-86").getAttribute("aria-selected"), "true");
    assert.equal(await label("Derivation path").inputValue(), "m/86'/0'/0'/0");
    await tab("BIP-86").press("ArrowLeft");
    assert.equal(await tab("BIP-84").getAttribute("aria-selected"), "true");
    assert.equal(await page.getByRole("tabpanel").getAttribute("aria-labelledby"), "tab-bip84");
  });

  test("a mistyped word gets suggestions; choosing one fixes the mnemonic", async () => {
    await typeMnemonic(ABOUT.replace(/about$/, "abuot"));
    const suggestions = page.getByRole("group", { name: "Suggested words" });
    await suggestions.getByRole("button", { name: "about", exact: true }).click();
    assert.equal(await label("Mnemonic").inputValue(), ABOUT);
    await waitForRow("m/84'/0'/0'/0/0");
  });

  test("hex entropy gives BIP-39's vector (16 zero bytes: abandon … about)", async () => {
    await page.getByText("Entropy: make the mnemonic").click();
    await label("Entropy format").selectOption("hex");
    await label("Entropy").fill("00000000000000000000000000000000");
    await page.getByRole("button", { name: "Use entropy" }).click();
    await page.waitForFunction((about) => document.getElementById("mnemonic").value === about, ABOUT);
    await label("Entropy format").selectOption("dice");
    await label("Entropy").fill("123456".repeat(4));
    await page.getByRole("button", { name: "Use entropy" }).click();
    await page.getByText(/hold \d+ bits; a mnemonic needs 128/).waitFor();

    // Dice and cards: the page's rule (SHA-256 of "dice:ROLLS" or "cards:C C …", as many
    // whole 32-bit words of it as the rolls' bits allow), computed here, through the hex path.
    const sha = (text) => createHash("sha256").update(text).digest("hex");
    const rolls = "3162534621".repeat(5); // 50 rolls: 129 bits, 16 bytes
    const cards = "AS 10H 2C KD 7S 9H QC JD 3S 4H 5C 6D 8S TH AC 2D KS QH JC 9D 7C 6S 5H"; // 23: 131 bits
    const cardsCanonical = cards.replace(/\b10/g, "T");
    for (const [kind, input, hexEntropy] of [
      ["dice", rolls, sha(`dice:${rolls}`).slice(0, 32)],
      ["cards", cards.toLowerCase(), sha(`cards:${cardsCanonical}`).slice(0, 32)],
    ]) {
      await label("Entropy format").selectOption("hex");
      await label("Entropy").fill(hexEntropy);
      await page.getByRole("button", { name: "Use entropy" }).click();
      await page.getByText("12 words from the hex entropy.").waitFor();
      const expected = await label("Mnemonic").inputValue();
      await label("Entropy format").selectOption(kind);
      await label("Entropy").fill(input);
      await page.getByRole("button", { name: "Use entropy" }).click();
      await page.getByText(`12 words from the SHA-256 of the ${kind}.`).waitFor();
      assert.equal(await label("Mnemonic").inputValue(), expected, kind);
    }
    await label("Entropy").fill("");
    await typeMnemonic(ABOUT);
  });

  test("watch-only: the published zpub, then a descriptor, fill the table without private keys", async () => {
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await label("Account extended public key").fill(BIP84_ZPUB);
    await waitForRow("m/0/0");
    const cases = vectors.cases.filter((c) => c.bip === 84);
    for (const c of cases) {
      const relative = `m/${c.path.split("/").slice(-2).join("/")}`;
      if (!relative.startsWith("m/0/")) continue;
      const r = await row(relative);
      assert.equal(r.Address, c.address);
      assert.equal(r["Private key"], "—");
    }
    // BIP-84's account as a descriptor: its receive branch.
    const xpub = vectors.accounts.find((a) => a.bip === 86).xpub;
    await label("Account extended public key").fill(`tr([73c5da0a/86h/0h/0h]${xpub}/<0;1>/*)`);
    await waitForRow("m/0/0");
    const bip86 = vectors.cases.filter((c) => c.bip === 86 && c.path.includes("/0'/0/"));
    for (const c of bip86) assert.equal((await row(`m/0/${c.path.split("/").at(-1)}`)).Address, c.address);
    await page.getByRole("button", { name: "Back to the mnemonic" }).click();
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await waitForRow("m/84'/0'/0'/0/0");
  });

  test("find an address's index, and decode an address", async () => {
    await typeMnemonic(ABOUT);
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await waitForRow("m/84'/0'/0'/0/0");
    const second = vectors.cases.find((c) => c.path === "m/84'/0'/0'/0/1");
    await label("Address to find").fill(second.address);
    await page.getByRole("button", { name: "Find index" }).click();
    await page.getByText("Found: row m/84'/0'/0'/0/1 (index 1).").waitFor();
    await label("Address to decode").fill(second.address);
    await page.getByRole("button", { name: "Decode" }).click();
    const decoded = await page.locator("#decode-result").textContent();
    assert.match(decoded, /^type: p2wpkh$/m);
    assert.match(decoded, /^witness version: 0$/m);
  });

  test("CSV and JSON export hold the inputs and every row", async () => {
    await typeMnemonic(ABOUT);
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await label("Rows").fill("20");
    await label("Rows").press("Enter");
    await waitForRow("m/84'/0'/0'/0/19");
    const cases = vectors.cases.filter((c) => c.bip === 84 && c.path.startsWith("m/84'/0'/0'/0/"));

    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    assert.equal(csvDownload.suggestedFilename(), "fastbip32-rows.csv");
    const csv = (await readFile(await csvDownload.path(), "utf8")).trimEnd().split("\n");
    const comments = csv.filter((line) => line.startsWith("#"));
    const data = csv.filter((line) => !line.startsWith("#"));
    assert.ok(comments.includes("# derivationPath: m/84'/0'/0'/0"));
    assert.ok(comments.includes(`# accountExtendedPublicKey: ${BIP84_ZPUB}`));
    assert.ok(comments.includes("# rows: 20"));
    assert.equal(data[0], "path,address,public_key,private_key");
    assert.equal(data.length, 21);
    const privateShown = (await page.getByRole("button", { name: "Hide private keys" }).count()) === 1;
    for (const c of cases) {
      const index = Number(c.path.split("/").at(-1));
      assert.equal(data[1 + index], `${c.path},${c.address},${c.public_key_hex},${privateShown ? c.wif : ""}`);
    }
    assert.deepEqual(data.slice(1).map((line) => line.split(",")[0]), Array.from({ length: 20 }, (_, i) => `m/84'/0'/0'/0/${i}`));

    const [jsonDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON" }).click()]);
    const json = JSON.parse(await readFile(await jsonDownload.path(), "utf8"));
    assert.equal(json.inputs.derivationPath, "m/84'/0'/0'/0");
    assert.equal(json.inputs.accountExtendedPublicKey, BIP84_ZPUB);
    assert.equal(json.rows.length, 20);
    for (const c of cases) {
      const r = json.rows[Number(c.path.split("/").at(-1))];
      assert.deepEqual([r.path, r.address, r.publicKey], [c.path, c.address, c.public_key_hex]);
    }
    // Neither export carries the mnemonic.
    assert.ok(!csv.join("\n").includes("abandon"));
    assert.ok(!JSON.stringify(json).includes("abandon"));
  });

  test("no page error", () => {
    assert.deepEqual(browser.errors, []);
  });
});
