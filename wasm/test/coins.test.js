// Coins and default address kinds: Ethereum and Solana addresses of "abandon ×11 about"
// computed with bip_utils (tests/data/inner_wildcard.json, solana_keypair.json), through a
// coin name or the key's curve.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { ExtendedPrivateKey, FastBip32Error, address, coins } from "fastbip32";

const data = (name) => JSON.parse(readFileSync(new URL(`../../tests/data/${name}`, import.meta.url)));

test("coins() lists the four coins, each with its default kind first", () => {
  assert.deepEqual(
    coins().map((c) => [c.name, c.coinType, c.curve, c.kinds[0]]),
    [
      ["bitcoin", 0, "secp256k1", "p2wpkh"],
      ["ethereum", 60, "secp256k1", "ethereum"],
      ["solana", 501, "ed25519", "solana"],
      ["cardano", 1815, "cardano-icarus", "cardano-enterprise"],
    ],
  );
});

test("Ethereum addresses through {coin: 'ethereum'}, and Solana's as an ed25519 key's default", () => {
  const file = data("inner_wildcard.json");
  const root = ExtendedPrivateKey.fromMnemonic("abandon ".repeat(11) + "about");
  let checked = 0;
  for (const c of file.cases.filter((c) => c.kind === "ethereum")) {
    const key = root.derive(c.path);
    assert.equal(key.address(undefined, { coin: "ethereum" }), c.address);
    assert.equal(address("ethereum", key.publicKey), c.address);
    checked++;
  }
  const solana = data("solana_keypair.json");
  const edRoot = ExtendedPrivateKey.fromMnemonic(solana.mnemonic, { curve: "ed25519" });
  for (const c of solana.cases) {
    const key = edRoot.derive(c.path);
    assert.equal(key.address(), c.address);
    assert.equal(key.address(undefined, { coin: "solana" }), c.address);
    checked++;
  }
  assert.ok(checked >= 6, `${checked}`);
  assert.throws(() => root.address("solana", { coin: "bitcoin" }), (e) => e instanceof FastBip32Error && e.kind === "InvalidArgument");
});
