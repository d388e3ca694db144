// The page's other tabs and panels against vectors in tests/data: Ethereum, Solana, Cardano, Litecoin and Algorand
// rows (bip_utils 2.12.3), every SLIP-132 version of an account key (embit 0.8.0 and bip_utils),
// the account descriptors (embit 0.8.0), finding an index far down a branch (bip_utils), and
// SLIP-10's published vectors for P-256 and ed25519 from a seed.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";

import { dataDir, launch, tableRows } from "./browser.js";

const data = async (name) => JSON.parse(await readFile(path.join(dataDir, name), "utf8"));
const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

let browser;
let page;
before(async () => {
  browser = await launch();
  page = browser.page;
  await page.getByRole("switch", { name: "Hide private data" }).setChecked(false);
  await page.getByRole("button", { name: "Show private keys" }).click();
});
after(async () => {
  await browser?.close();
});

const label = (name) => page.getByLabel(name, { exact: true });

/** The table row whose Path is `rowPath`, once it is drawn. */
async function row(rowPath) {
  await page.getByRole("cell", { name: rowPath, exact: true }).first().waitFor({ timeout: 30000 });
  const found = (await tableRows(page)).find((r) => r.Path === rowPath);
  assert.ok(found, `no row ${rowPath}`);
  return found;
}

/** Shows the child `rowPath` (its parent in "Derivation path", its index in "Start index"). */
async function show(rowPath) {
  const steps = rowPath.split("/");
  const last = steps.at(-1);
  await label("Derivation path").fill(steps.slice(0, -1).join("/"));
  await page.getByLabel("Hardened rows").setChecked(last.endsWith("'"), { force: true }).catch(() => {});
  await label("Start index").fill(last.replace("'", ""));
  await label("Start index").press("Enter");
  return row(rowPath);
}

describe("coins and tabs", () => {
  test("Ethereum: the Coin's preset and bip_utils' addresses and keys", async () => {
    const vectors = await data("address_bip_utils.json");
    await label("Mnemonic").fill(vectors.mnemonic);
    await label("Coin").selectOption("ethereum");
    assert.equal(await page.getByRole("tab", { name: "BIP-44" }).getAttribute("aria-selected"), "true");
    assert.equal(await label("Derivation path").inputValue(), "m/44'/60'/0'/0");
    for (const c of vectors.ethereum) {
      const r = await row(c.path);
      assert.equal(r.Address, c.address, c.path);
      assert.equal(r["Public key"], c.public_key_hex, c.path);
    }
  });

  test("Solana (SLIP-10 ed25519): bip_utils' addresses and keys", async () => {
    const keypairs = await data("solana_keypair.json");
    await label("Mnemonic").fill(keypairs.mnemonic);
    await label("Coin").selectOption("solana");
    assert.equal(await page.getByRole("tab", { name: "SLIP-10 ed25519" }).getAttribute("aria-selected"), "true");
    for (const c of keypairs.cases) {
      const r = await show(c.path);
      assert.equal(r.Address, c.address, c.path);
      // The private key as Solana's wallets import it: the base58 keypair.
      assert.equal(r["Private key"], c.keypair, c.path);
    }

    const coin = (await data("coins_bip_utils.json")).coins.find((c) => c.coin === "solana");
    await label("Mnemonic").fill(coin.mnemonic);
    for (const c of coin.cases) {
      const r = await show(c.path);
      assert.equal(r.Address, c.address, c.path);
      assert.equal(r["Public key"], c.public_key, c.path);
    }
  });

  test("Cardano CIP-1852 (Icarus): bip_utils' base addresses and keys", async () => {
    const coin = (await data("coins_bip_utils.json")).coins.find((c) => c.coin === "cardano");
    await label("Mnemonic").fill(coin.mnemonic);
    await page.getByRole("tab", { name: "Cardano CIP-1852" }).click();
    assert.equal(await label("Coin").inputValue(), "cardano");
    for (const c of coin.cases.filter((x) => x.kind === "cardano-base")) {
      assert.equal(await label("Address type").inputValue(), "cardano-base");
      const r = await show(c.path);
      assert.equal(r.Address, c.address, c.path);
      assert.equal(r["Public key"], c.public_key, c.path);
      assert.equal(r["Private key"], c.private_key, c.path);
    }
  });

  test("every coin of the registry but Nano is a Coin choice; registry presets give Litecoin's and Algorand's rows (bip_utils)", async () => {
    const vectors = (await data("coins_bip_utils.json")).coins;
    const choices = await label("Coin").locator("option").evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(
      choices.filter((v) => v !== "").sort(),
      vectors.filter((c) => c.curve !== "ed25519-blake2b").map((c) => c.coin).sort(),
    );
    const check = async (slug, preset, kind) => {
      const coin = vectors.find((c) => c.coin === slug);
      await label("Mnemonic").fill(coin.mnemonic);
      const option = await label("Wallet preset").locator("option", { hasText: preset }).first().getAttribute("value");
      await label("Wallet preset").selectOption(option);
      assert.equal(await label("Coin").inputValue(), slug);
      let checked = 0;
      for (const c of coin.cases.filter((x) => x.kind === kind)) {
        const r = await show(c.path);
        assert.equal(r.Address, c.address, c.path);
        assert.equal(r["Public key"], c.public_key, c.path);
        checked++;
      }
      assert.ok(checked >= 4, `${slug}: ${checked}`);
    };
    await check("litecoin", "Litecoin: m/84'/2'/0'/0/*", "p2wpkh");
    assert.equal(await page.getByRole("tab", { name: "BIP-84" }).getAttribute("aria-selected"), "true");
    await check("algorand", "Algorand: m/44'/283'/0'/0'/*'", "default");
  });

  test("every SLIP-132 version of the account key (embit, bip_utils)", async () => {
    const { accounts } = await data("slip132.json");
    await page.getByRole("tab", { name: "BIP-32" }).click();
    await page.getByText("Every SLIP-132 version of the account key").click();
    for (const a of accounts) {
      await label("Mnemonic").fill(a.mnemonic);
      await label("Passphrase").fill(a.passphrase);
      await label("Derivation path").fill(`${a.path}/0`);
      const versions = page.getByRole("table", { name: /account key in each version/ });
      // The row of the expected public key, once the inputs are read: its version and private key.
      const versionRow = versions.getByRole("row").filter({ has: page.getByRole("cell", { name: a.key, exact: true }) });
      await versionRow.waitFor({ state: "attached", timeout: 30000 });
      const cells = await versionRow.getByRole("cell").allTextContents();
      assert.match(cells[0], new RegExp(`^${a.family} / ${a.private_family} `), `${a.path} ${a.family}`);
      assert.equal(cells[3], a.key_private, `${a.path} ${a.private_family}`);
    }
  });

  test("the account descriptors with checksums (embit)", async () => {
    const { cases } = await data("descriptor_accounts.json");
    const c = cases.find((x) => x.mnemonic === ABOUT && x.account === 0 && x.network === "mainnet" && x.passphrase === "");
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await label("Mnemonic").fill(ABOUT);
    await label("Passphrase").fill(c.passphrase);
    await page.getByText("Account descriptors (Bitcoin Core, Sparrow)").click();
    const table = page.getByRole("table", { name: /Bitcoin Core imports/ });
    await table.getByRole("cell", { name: c.descriptors.bip84, exact: true }).waitFor({ state: "attached", timeout: 30000 });
    const shown = await table.getByRole("row").evaluateAll((trs) => trs.map((tr) => tr.cells[2]?.textContent));
    for (const [name, descriptor] of Object.entries(c.descriptors)) assert.ok(shown.includes(descriptor), `${name}: ${descriptor}`);
  });

  test("find the index of an address far down a branch (bip_utils), on the worker pool", async () => {
    const { mnemonic, accounts } = await data("find_bip_utils.json");
    const account = accounts.find((a) => a.kind === "p2wpkh");
    await label("Mnemonic").fill(mnemonic);
    await page.getByRole("tab", { name: "BIP-84" }).click();
    await label("Start index").fill("0");
    await label("Start index").press("Enter");
    for (const c of account.cases) {
      await label("External / internal").selectOption(String(c.branch));
      await page.getByRole("cell", { name: `m/84'/0'/0'/${c.branch}/0`, exact: true }).waitFor();
      await label("Address to find").fill(c.address);
      await label("Search up to index").fill("60000");
      await page.getByRole("button", { name: "Find index" }).click();
      await page.getByText(`Found at index ${c.index}: ${c.path}.`).waitFor({ timeout: 60000 });
    }
    await label("External / internal").selectOption("0");
  });
});

describe("from a seed: SLIP-10's published vectors on the P-256 and ed25519 tabs", () => {
  test("every step of SLIP-10 vectors 1 and 2 for nist256p1 and ed25519", async () => {
    const { cases } = await data("slip10.json");
    await page.getByText("Start from a seed or a root key").click();
    for (const c of cases.filter((x) => x.kind === "derivation" && (x.curve === "nist256p1" || x.curve === "ed25519"))) {
      await page.getByRole("tab", { name: c.curve === "ed25519" ? "SLIP-10 ed25519" : "SLIP-10 P-256" }).click();
      // Keys only: no coin, so the private key column is the key's hex.
      await label("Coin").selectOption("");
      await label("Seed (hex) or root key").fill(c.seed_hex);
      for (const step of c.chain.filter((s) => s.path !== "m")) {
        const r = await show(step.path);
        // SLIP-10 writes ed25519 public keys as 00 || key; the table shows the 32-byte key.
        const published = c.curve === "ed25519" ? step.public_key_hex.replace(/^00/, "") : step.public_key_hex;
        assert.equal(r["Public key"], published, `${c.id} ${step.path}`);
        assert.equal(r["Private key"], step.private_key_hex, `${c.id} ${step.path}`);
      }
    }
    await label("Seed (hex) or root key").fill("");
  });

  test("BIP-32 vectors 1 to 4 on the BIP-32 tab: each step's published xpub and xprv", async () => {
    const { cases } = await data("bip32.json");
    await page.getByRole("tab", { name: "BIP-32" }).click();
    await label("Coin").selectOption("bitcoin");
    await label("Start index").fill("0");
    for (const c of cases.filter((x) => Array.isArray(x.chain))) {
      await label("Seed (hex) or root key").fill(c.seed_hex);
      for (const step of c.chain) {
        // The step is the account: the rows' parent is one step below it.
        await label("Derivation path").fill(`${step.path}/0`);
        await page.getByText(`Rows: ${step.path}/0/0, …`, { exact: true }).waitFor();
        assert.equal(await label("Account extended public key").inputValue(), step.xpub, `${c.id} ${step.path}`);
        assert.equal(await label("Account extended private key").inputValue(), step.xprv, `${c.id} ${step.path}`);
      }
    }
    // Vector 5: keys BIP-32 says must be rejected are.
    for (const c of cases.filter((x) => x.id.startsWith("bip32-tv5"))) {
      await label("Seed (hex) or root key").fill(c.extended_key);
      await page.getByText(/^Seed or root key: /).waitFor();
      assert.equal(await page.locator("#mnemonic-check").getAttribute("class"), "check bad", c.id);
    }
    await label("Seed (hex) or root key").fill("");
  });
});

test("no page error", () => {
  assert.deepEqual(browser.errors, []);
});
