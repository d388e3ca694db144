// The coin registry through the JavaScript API: coins() against the coins, curves and
// vectors bip_utils gives (tests/data/coins_bip_utils.json, scripts/gen_coin_vectors.py), and
// every vector's address through key.address, address() and xpub.addresses with {coin}.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { ExtendedPrivateKey, ExtendedPublicKey, FastBip32Error, address, coins } from "fastbip32";

const data = (name) => JSON.parse(readFileSync(new URL(`../../tests/data/${name}`, import.meta.url)));
const vectors = data("coins_bip_utils.json").coins;

const bytes = (hex) => Uint8Array.from(hex.match(/../g), (b) => parseInt(b, 16));
const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

// bip_utils' curve of each coin, as the package's curve names derive it (Cardano: the
// Icarus master key of bip_utils' CARDANO_ICARUS). The module has no Nano (ed25519-blake2b)
// derivation: Nano's vectors go through address() from their public keys.
const DERIVE_CURVE = {
  secp256k1: "secp256k1",
  nist256p1: "nist256p1",
  ed25519: "ed25519",
  "ed25519-bip32": "cardano-icarus",
  "ed25519-blake2b": null,
};

test("coins() is the registry: the 68 coins of the vectors, each on its curve, with the CLI's record fields", () => {
  const list = coins();
  assert.equal(list.length, 68);
  assert.deepEqual(
    list.map((c) => [c.coin, c.curve]).sort(),
    vectors.map((v) => [v.coin, v.curve]).sort(),
  );
  for (const c of list) {
    assert.deepEqual(
      Object.keys(c),
      ["coin", "symbol", "name", "slip44", "curve", "addressKinds", "defaultPath", "defaultPathWallets", "networks", "paths"],
    );
    assert.equal(c.paths[0].path, c.defaultPath, c.coin);
    assert.equal(c.paths[0].kind, c.addressKinds[0], c.coin);
    assert.match(c.defaultPath, new RegExp(`^m/\\d+'/${c.slip44}'/`), c.coin);
  }
  // SLIP-44 coin types of a few coins (the SLIP-44 registry).
  const slip44 = Object.fromEntries(list.map((c) => [c.coin, c.slip44]));
  assert.deepEqual(
    [slip44.bitcoin, slip44.litecoin, slip44.dogecoin, slip44.ethereum, slip44.solana, slip44.cardano, slip44.tron],
    [0, 2, 3, 60, 501, 1815, 195],
  );
  const bitcoin = list.find((c) => c.coin === "bitcoin");
  assert.deepEqual(bitcoin.networks, ["mainnet", "testnet", "signet", "regtest"]);
  assert.deepEqual(list.find((c) => c.coin === "tron").networks, []);
});

test("every bip_utils vector of every coin through key.address, address() and xpub.addresses with {coin}", () => {
  let checked = 0;
  for (const coin of vectors) {
    const curve = DERIVE_CURVE[coin.curve];
    assert.notEqual(curve, undefined, coin.curve);
    const root = curve && ExtendedPrivateKey.fromMnemonic(coin.mnemonic, { passphrase: coin.passphrase, curve });
    for (const c of coin.cases) {
      const kind = c.kind === "default" ? undefined : c.kind;
      const options = { coin: coin.coin };
      if (c.stake_public_key) options.stakeKey = bytes(c.stake_public_key);
      const what = `${coin.coin} ${c.path} ${c.kind}`;
      assert.equal(address(kind, bytes(c.public_key), options), c.address, what);
      if (root) {
        const key = root.derive(c.path);
        assert.equal(hex(key.publicKey), c.public_key, what);
        assert.equal(key.address(kind, options), c.address, what);
        key.free();
      }
      const index = /^m\/\d+'\/\d+'\/\d+'\/0\/(\d+)$/.exec(c.path);
      // The account keys in Bitcoin's xpub version (some coins' own versions, such as
      // Dogecoin's dgub, are not among the package's version names).
      if (c.account_xpub?.startsWith("xpub") && index) {
        const xpub = ExtendedPublicKey.parse(c.account_xpub, { curve: coin.curve }).derive("0");
        assert.deepEqual(xpub.addresses(Number(index[1]), 1, { ...options, kind }), [c.address], what);
        xpub.free();
      }
      checked++;
    }
    root?.free();
  }
  assert.equal(checked, vectors.reduce((n, v) => n + v.cases.length, 0));
});

test("a coin by symbol, its default kind, Bitcoin's networks; and what a coin does not take", () => {
  const file = data("inner_wildcard.json");
  const root = ExtendedPrivateKey.fromMnemonic("abandon ".repeat(11) + "about");
  let checked = 0;
  for (const c of file.cases.filter((c) => c.kind === "ethereum")) {
    const key = root.derive(c.path);
    assert.equal(key.address(undefined, { coin: "ETH" }), c.address);
    assert.equal(key.address("ethereum"), c.address);
    checked++;
  }
  assert.ok(checked >= 3, `${checked}`);
  // BIP-84's vectors: the first receive address on mainnet; BIP-86 on mainnet.
  const bip84 = root.derive("m/84'/0'/0'/0/0");
  assert.equal(bip84.address(undefined, { coin: "bitcoin" }), "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  assert.equal(bip84.address(), "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  assert.equal(root.derive("m/86'/0'/0'/0/0").address("p2tr", { coin: "BTC" }), "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr");
  const throwsKind = (f, kind) => assert.throws(f, (e) => e instanceof FastBip32Error && e.kind === kind, kind);
  throwsKind(() => root.address("solana", { coin: "bitcoin" }), "InvalidArgument");
  throwsKind(() => root.address(undefined, { coin: "solana" }), "UnsupportedByScheme");
  throwsKind(() => root.address(undefined, { coin: "not-a-coin" }), "UnknownCoin");
  throwsKind(() => root.address("eip55"), "UnknownAddressKind");
  throwsKind(() => root.address(undefined, { coin: "litecoin", network: "mainet" }), "UnknownNetwork");
  throwsKind(() => root.address(undefined, { coin: "bitcoin", network: "preprod" }), "UnknownNetwork");
  throwsKind(() => address(undefined, new Uint8Array(32), { coin: "litecoin" }), "InvalidPublicKey");
  throwsKind(() => address(undefined, new Uint8Array(33), { coin: "tron", stakeKey: new Uint8Array(32) }), "InvalidArgument");
});
