// BIP-39 vectors through the JavaScript API: the Trezor vectors in the ten word lists
// (passphrase "TREZOR"), the Japanese vectors with their passphrases, and the BIP-49/84/86
// addresses of "abandon ×11 about" (tests/data/README.md names the sources).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { ExtendedPrivateKey, Mnemonic } from "fastbip32";

const data = (name) => JSON.parse(readFileSync(new URL(`../../tests/data/${name}`, import.meta.url)));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const language = (name) => name.replace("_", "-");

test("Trezor's BIP-39 vectors in every word list: entropy, phrase, seed, master xprv", () => {
  let count = 0;
  for (const [name, cases] of Object.entries(data("bip39_trezor.json"))) {
    for (const [entropy, phrase, seed, xprv] of cases) {
      const made = Mnemonic.fromEntropy(Uint8Array.from(Buffer.from(entropy, "hex")), { language: language(name) });
      assert.equal(made.phrase.normalize("NFKD"), phrase.normalize("NFKD"), `${name} ${entropy}`);
      // Chinese phrases whose words both Chinese lists hold are read in the list given.
      const parsed = new Mnemonic(phrase, { language: language(name) });
      assert.equal(parsed.language, language(name));
      assert.equal(hex(parsed.entropy), entropy);
      assert.equal(hex(parsed.toSeed("TREZOR")), seed, `${name} ${entropy}`);
      assert.equal(ExtendedPrivateKey.fromMnemonic(phrase, { passphrase: "TREZOR" }).toString(), xprv);
      assert.equal(ExtendedPrivateKey.fromMnemonic(parsed, { passphrase: "TREZOR" }).toString(), xprv);
      made.free();
      parsed.free();
      count++;
    }
  }
  assert.equal(count, 240);
});

test("the Japanese vectors: NFKD passphrases, ideographic spaces", () => {
  for (const c of data("bip39_japanese.json")) {
    const m = new Mnemonic(c.phrase, { language: "japanese" });
    assert.equal(hex(m.toSeed(c.salt)), c.seed);
    assert.equal(ExtendedPrivateKey.fromMnemonic(c.phrase, { passphrase: c.salt }).toString(), c.bip32_xprv);
  }
});

test("BIP-49, BIP-84 and BIP-86 addresses, keys and WIF of their published mnemonic", () => {
  const file = data("address_bips.json");
  const root = ExtendedPrivateKey.fromMnemonic(file.mnemonic);
  for (const c of file.cases) {
    const key = root.derive(c.path);
    assert.equal(key.address(c.kind, { network: c.network }), c.address, c.path);
    // BIP-86 publishes x-only keys and each key's xprv instead of its public key and WIF.
    if (c.public_key_hex) assert.equal(hex(key.publicKey), c.public_key_hex);
    if (c.wif) assert.equal(key.wif({ network: c.network }), c.wif);
    if (c.xprv) assert.equal(key.toString(), c.xprv);
    assert.equal(key.toXpub().address(c.kind, { network: c.network }), c.address);
  }
});
