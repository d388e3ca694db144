// recover(): a known wallet (tests/data/recovery.json, from bip_utils) found from a template
// with a word unknown or missing, progress, abort, errors with kinds, and the same record as
// the command line's `recover --json` for the same search; passphrase rules (BIP-39's
// published TREZOR vectors, fingerprints by @scure/bip32), unordered words, and Electrum's
// own test wallets (tests/data/electrum_seeds.json).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { HDKey } from "@scure/bip32";
import { FastBip32Error, recover } from "fastbip32";

const vectors = JSON.parse(readFileSync(new URL("../../tests/data/recovery.json", import.meta.url), "utf8"));
const wallet = vectors.english12;
const words = wallet.mnemonic.split(" ");
// BIP-84 receive address 3 (m/84'/0'/0'/0/3), computed by bip_utils.
const address = wallet.bitcoin.bip84[3];
const unknownSixth = words.map((w, i) => (i === 5 ? "?" : w)).join(" ");
const search = { mnemonic: unknownSixth, address, gap: 4, change: "receive" };

test("recover finds the wallet with an unknown word, reporting progress", async () => {
  const progress = [];
  const found = await recover({ ...search, workers: 2, chunkSize: 256, onProgress: (p) => progress.push(p) });
  assert.equal(found.mnemonic, wallet.mnemonic);
  assert.equal(found.passphrase, "");
  assert.equal(found.path, "m/84'/0'/0'/0/3");
  assert.equal(found.address, address);
  assert.equal(found.addressIndex, 3);
  assert.equal(found.matched, "address");
  assert.equal(found.language, "english");
  assert.equal(typeof found.candidate, "bigint");
  assert.ok(progress.length > 0);
  for (const p of progress) {
    assert.equal(p.total, 2048n);
    assert.ok(p.examined >= 0n && p.examined <= p.total);
    assert.ok(p.passed >= 0 && p.elapsed >= 0 && p.rate >= 0);
    assert.ok(p.eta === null || p.eta >= 0);
  }
});

test("recover finds the wallet with a word missing at an unknown position", async () => {
  const eleven = words.filter((_, i) => i !== 8).join(" ");
  const found = await recover({ mnemonic: eleven, missing: 1, address, gap: 4, change: "receive", chunkSize: 2048 });
  assert.equal(found.mnemonic, wallet.mnemonic);
  assert.equal(found.path, "m/84'/0'/0'/0/3");
});

test("recover finds the wallet with its passphrase among several", async () => {
  const withPassphrase = wallet.bitcoin_passphrase.bip84[0];
  const found = await recover({
    mnemonic: unknownSixth,
    passphrases: ["", "wrong", wallet.passphrase],
    address: withPassphrase,
    gap: 1,
    change: "receive",
  });
  assert.equal(found.mnemonic, wallet.mnemonic);
  assert.equal(found.passphrase, wallet.passphrase);
  assert.equal(found.path, "m/84'/0'/0'/0/0");
});

test("recover resolves to null when nothing matches, and searches only its shard", async () => {
  const other = vectors.english12b.bitcoin.bip84[0];
  let last = null;
  const none = await recover({ ...search, address: other, gap: 1, shard: "2/2", onProgress: (p) => (last = p) });
  assert.equal(none, null);
  assert.equal(last.total, 1024n);
  assert.equal(last.examined, 1024n);
});

test("an AbortSignal rejects the search with kind Aborted", async () => {
  const controller = new AbortController();
  let calls = 0;
  const big = recover({
    mnemonic: words.map((w, i) => (i === 2 || i === 5 ? "?" : w)).join(" "),
    address,
    workers: 2,
    signal: controller.signal,
    onProgress: () => {
      calls++;
      controller.abort();
    },
  });
  await assert.rejects(big, (e) => e instanceof FastBip32Error && e.kind === "Aborted");
  assert.ok(calls >= 1);
  const before = new AbortController();
  before.abort();
  await assert.rejects(recover({ ...search, signal: before.signal }), (e) => e instanceof FastBip32Error && e.kind === "Aborted");
});

test("recover's errors are the package's classes with kinds", async () => {
  const kind = (k) => (e) => e instanceof FastBip32Error && e.kind === k;
  await assert.rejects(recover({ ...search, threads: 2 }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, mnemonic: undefined }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, gap: -1 }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, shard: "3/2" }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, passphrase: "a", passphrases: ["b"] }), kind("InvalidArgument"));
  await assert.rejects(recover({ mnemonic: unknownSixth }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, address: "bc1qnotanaddress" }), kind("InvalidAddress"));
  await assert.rejects(recover({ ...search, mnemonic: "" }), kind("EmptyTemplate"));
  await assert.rejects(recover({ ...search, coin: "nocoin" }), kind("UnknownCoin"));
  // A named coin takes only its own addresses (the target is a Bitcoin address).
  await assert.rejects(recover({ ...search, coin: "dogecoin" }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, gap: 70_000 }), kind("TooLarge"));
});

// BIP-39's published English vectors (passphrase TREZOR), and Electrum's own test wallets.
const trezor = JSON.parse(readFileSync(new URL("../../tests/data/bip39_trezor.json", import.meta.url), "utf8")).english;
const electrum = JSON.parse(readFileSync(new URL("../../tests/data/electrum_seeds.json", import.meta.url), "utf8")).wallets;

/** The master fingerprint (8 hex digits) of a published root xprv, by @scure/bip32. */
function fingerprintOf(xprv) {
  return HDKey.fromExtendedKey(xprv).fingerprint.toString(16).padStart(8, "0");
}

test("passphraseRules find TREZOR from \"trezor\" with case variants, and from a mask", async () => {
  const [, phrase, , xprv] = trezor[1];
  const fingerprint = fingerprintOf(xprv);
  for (const passphraseRules of ["case", ["case"]]) {
    const found = await recover({ mnemonic: phrase, fingerprint, passphrase: "trezor", passphraseRules, workers: 1 });
    assert.equal(found.mnemonic, phrase);
    assert.equal(found.passphrase, "TREZOR");
    assert.equal(found.matched, "fingerprint");
    assert.equal(found.path, "m");
  }
  const masked = await recover({ mnemonic: phrase, fingerprint, passphrase: "TREZ?u?u", passphraseRules: "mask", workers: 1 });
  assert.equal(masked.passphrase, "TREZOR");
  // The base alone is not the wallet's passphrase.
  assert.equal(await recover({ mnemonic: phrase, fingerprint, passphrase: "trezor", workers: 1 }), null);
});

test("passphraseRules with an unknown word find the wallet's passphrase", async () => {
  // recovery.json's passphrase is "correct horse"; the base is remembered in capitals.
  const found = await recover({
    mnemonic: unknownSixth,
    passphrase: wallet.passphrase.toUpperCase(),
    passphraseRules: "case",
    address: wallet.bitcoin_passphrase.bip84[0],
    gap: 1,
    change: "receive",
    workers: 2,
  });
  assert.equal(found.mnemonic, wallet.mnemonic);
  assert.equal(found.passphrase, wallet.passphrase);
});

test("unordered finds two swapped words, with anchors and an extra word", async () => {
  const given = [...words];
  [given[2], given[9]] = [given[9], given[2]];
  const free = new Set([2, 5, 9, 11]);
  const mnemonic = `${given.map((w, i) => (free.has(i) ? w : `^${w}`)).join(" ")} +zoo`;
  const found = await recover({ mnemonic, unordered: true, address: wallet.bitcoin.bip84[0], gap: 1, change: "receive" });
  assert.equal(found.mnemonic, wallet.mnemonic);
  assert.equal(found.path, "m/84'/0'/0'/0/0");
  // Anchors need unordered.
  await assert.rejects(
    recover({ mnemonic, address: wallet.bitcoin.bip84[0], gap: 1 }),
    (e) => e instanceof FastBip32Error && e.kind === "UnorderedOption",
  );
});

test("seed electrum finds Electrum's standard and segwit test wallets with a word unknown", async () => {
  for (const [name, address, path] of [
    ["test_electrum_seed_standard", "receive_0", "m/0/0"],
    ["test_electrum_seed_segwit", "change_0", "m/0'/1/0"],
  ]) {
    const w = electrum.find((e) => e.name === name);
    const mnemonic = w.words.split(" ").map((x, i) => (i === 3 ? "?" : x)).join(" ");
    const found = await recover({ mnemonic, seed: "electrum", address: w[address], gap: 1, language: "english" });
    assert.equal(found.mnemonic, w.words);
    assert.equal(found.path, path);
    assert.equal(found.address, w[address]);
  }
});

test("bad recovery options reject with kinds", async () => {
  const kind = (k) => (e) => e instanceof FastBip32Error && e.kind === k;
  const base = { ...search, passphrase: "trezor" };
  await assert.rejects(recover({ ...base, passphraseRules: "case,bogus" }), kind("InvalidRule"));
  await assert.rejects(recover({ ...base, passphraseRules: ["case", "case"] }), kind("DuplicateRule"));
  await assert.rejects(recover({ ...base, passphrase: "trezor?x", passphraseRules: "mask" }), kind("InvalidMaskClass"));
  await assert.rejects(recover({ ...search, passphrases: ["a", "b"], passphraseRules: "case" }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, passphraseRules: [1] }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, unordered: "yes" }), kind("InvalidArgument"));
  await assert.rejects(recover({ ...search, seed: "slip39" }), kind("UnknownSeedKind"));
  await assert.rejects(recover({ ...search, coin: "ethereum", address: undefined, xpub: undefined, fingerprint: "00000000", seed: "electrum" }), kind("ElectrumCoin"));
});

/** The command-line tool, when it is built (scripts/test --js builds it). */
function cli() {
  if (process.env.FASTBIP32_CLI) return process.env.FASTBIP32_CLI;
  const target = process.env.CARGO_TARGET_DIR ?? path.join(new URL("../..", import.meta.url).pathname, "target");
  const binary = path.join(target, "debug", "fastbip32");
  return existsSync(binary) ? binary : null;
}

test("recover's record equals the command line's for the same search", async (t) => {
  const binary = cli();
  if (!binary) {
    t.skip("the command-line tool is not built (cargo build -p fastbip32-cli, or FASTBIP32_CLI)");
    return;
  }
  const eleven = words.filter((_, i) => i !== 3).join(" ");
  const out = execFileSync(
    binary,
    ["recover", "--mnemonic", "-", "--missing", "1", "--address", address, "--gap", "4", "--change", "receive", "--json"],
    { input: `${eleven}\n`, encoding: "utf8" },
  );
  // `index` is the deprecated copy of `candidate` (docs/cli.md).
  const { index, ...expected } = JSON.parse(out);
  assert.equal(index, expected.candidate);
  const found = await recover({ mnemonic: eleven, missing: 1, address, gap: 4, change: "receive" });
  assert.deepEqual(
    {
      mnemonic: found.mnemonic,
      passphrase: found.passphrase,
      path: found.path,
      address: found.address,
      matched: found.matched,
      candidate: found.candidate,
      address_index: found.addressIndex,
      language: found.language,
    },
    { ...expected, candidate: BigInt(expected.candidate) },
  );
});
