// The package against @scure/bip32 and bitcoinjs `bip32` + tiny-secp256k1 in Node, on one
// thread: seed → m/44'/0'/0'/0/0, xpub → 1,000 children, 10,000 P2WPKH addresses.
//
//   node wasm/bench/bench.mjs [--rounds N] [--task seed|children|p2wpkh] [--entry default|fast|english]
//
// `--entry` picks the package's entry whose module is timed: `default` (`fastbip32`, the
// size-optimised module; the default), `fast` (`fastbip32/fast`, the speed-optimised one) or
// `english` (`fastbip32/english`). Each is built by wasm/build.sh (its FASTBIP32_WASM_VARIANT).
//
// After an untimed warm-up round, each round runs every side once per task, the sides in a
// rotating order, so that a slow stretch of the machine falls on each side alike. Every
// round's outputs are compared across sides (an assertion, not a figure). Printed per task:
// each side's median time with its quartiles, and each peer's time over the package's (the
// speed-up), median and quartiles of the per-round ratios. The peers' P2WPKH addresses are
// bech32 of HASH160 through @scure/base and @noble/hashes; the package's are its own.
import assert from "node:assert/strict";
import { parseArgs } from "node:util";

import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bech32 } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { BIP32Factory } from "bip32";
import * as ecc from "tiny-secp256k1";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "10" },
    task: { type: "string" },
    entry: { type: "string", default: "default" },
  },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000) throw new RangeError("--rounds is 1 to 1000");
const ENTRIES = { default: "fastbip32", fast: "fastbip32/fast", english: "fastbip32/english" };
if (!Object.hasOwn(ENTRIES, values.entry)) throw new RangeError(`--entry is one of ${Object.keys(ENTRIES).join(", ")}`);
const { ExtendedPrivateKey, ExtendedPublicKey } = await import(ENTRIES[values.entry]);

// The BIP-39 seed of "abandon ×11 about" without a passphrase (BIP-84's test mnemonic).
const SEED = Uint8Array.from(
  Buffer.from(
    "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4",
    "hex",
  ),
);
const PATH = "m/44'/0'/0'/0/0";
/** Derivations of the single path per timing (the time printed is per derivation). */
const SINGLE = 200;
const CHILDREN = 1000;
const ADDRESSES = 10000;

const bip32 = BIP32Factory(ecc);
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const p2wpkh = (publicKey) => bech32.encode("bc", [0, ...bech32.toWords(ripemd160(sha256(publicKey)))]);

// The account keys the batches start from: m/44'/0'/0'/0 and m/84'/0'/0'/0 as xpubs.
const root = ExtendedPrivateKey.fromMnemonic("abandon ".repeat(11) + "about");
const external44 = root.derive("m/44'/0'/0'/0").toXpub().toString();
const external84 = root.derive("m/84'/0'/0'/0").toXpub().toString();
root.free();
// BIP-84's published first receive address of that mnemonic.
const BIP84_FIRST = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** Each task: its name, the work per run and each side's run, returning a comparable output. */
const TASKS = [
  {
    name: "seed",
    title: `seed → ${PATH} (per derivation)`,
    per: SINGLE,
    sides: {
      fastbip32: () => {
        let out;
        for (let i = 0; i < SINGLE; i++) {
          const master = ExtendedPrivateKey.fromSeed(SEED);
          const key = master.derive(PATH);
          out = key.toString();
          key.free();
          master.free();
        }
        return out;
      },
      "@scure/bip32": () => {
        let out;
        for (let i = 0; i < SINGLE; i++) out = HDKey.fromMasterSeed(SEED).derive(PATH).privateExtendedKey;
        return out;
      },
      "bitcoinjs bip32": () => {
        let out;
        for (let i = 0; i < SINGLE; i++) out = bip32.fromSeed(Buffer.from(SEED)).derivePath(PATH).toBase58();
        return out;
      },
    },
  },
  {
    name: "children",
    title: `xpub → ${CHILDREN.toLocaleString("en")} children (public keys)`,
    per: 1,
    sides: {
      fastbip32: () => {
        const xpub = ExtendedPublicKey.parse(external44);
        const keys = xpub.derivePublicKeys(0, CHILDREN).map(hex);
        xpub.free();
        return keys;
      },
      "@scure/bip32": () => {
        const xpub = HDKey.fromExtendedKey(external44);
        const keys = [];
        for (let i = 0; i < CHILDREN; i++) keys.push(hex(xpub.deriveChild(i).publicKey));
        return keys;
      },
      "bitcoinjs bip32": () => {
        const xpub = bip32.fromBase58(external44);
        const keys = [];
        for (let i = 0; i < CHILDREN; i++) keys.push(hex(xpub.derive(i).publicKey));
        return keys;
      },
    },
  },
  {
    name: "p2wpkh",
    title: `${ADDRESSES.toLocaleString("en")} P2WPKH addresses from an xpub`,
    per: 1,
    sides: {
      fastbip32: () => {
        const xpub = ExtendedPublicKey.parse(external84);
        const addresses = xpub.addresses(0, ADDRESSES, { kind: "p2wpkh" });
        xpub.free();
        return addresses;
      },
      "@scure/bip32": () => {
        const xpub = HDKey.fromExtendedKey(external84);
        const addresses = [];
        for (let i = 0; i < ADDRESSES; i++) addresses.push(p2wpkh(xpub.deriveChild(i).publicKey));
        return addresses;
      },
      "bitcoinjs bip32": () => {
        const xpub = bip32.fromBase58(external84);
        const addresses = [];
        for (let i = 0; i < ADDRESSES; i++) addresses.push(p2wpkh(xpub.derive(i).publicKey));
        return addresses;
      },
    },
    check: (out) => assert.equal(out[0], BIP84_FIRST),
  },
];

const tasks = values.task ? TASKS.filter((t) => t.name === values.task) : TASKS;
if (tasks.length === 0) throw new RangeError(`--task is one of ${TASKS.map((t) => t.name).join(", ")}`);

/** The quartiles (25th, 50th, 75th percentiles, linear between ranks) of `list`. */
function quartiles(list) {
  const s = [...list].sort((a, b) => a - b);
  const at = (q) => {
    const pos = (s.length - 1) * q;
    const lo = Math.floor(pos);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
  };
  return [at(0.25), at(0.5), at(0.75)];
}

const ms = (x) => (x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(2) : x.toFixed(0));

console.log(`node ${process.version}, the entry ${ENTRIES[values.entry]}, ${rounds} round(s), sides alternating; times in ms (median [quartiles])`);
for (const task of tasks) {
  const names = Object.keys(task.sides);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  // Round -1 warms each side up (JIT, the module's first calls) and is not timed.
  for (let round = -1; round < rounds; round++) {
    const outputs = {};
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + 1 + k) % names.length];
      const t0 = performance.now();
      outputs[name] = task.sides[name]();
      if (round >= 0) times[name].push((performance.now() - t0) / task.per);
    }
    for (const name of names.slice(1)) assert.deepEqual(outputs[name], outputs.fastbip32, `${task.name}: ${name}'s output differs`);
    task.check?.(outputs.fastbip32);
  }
  console.log(`\n${task.title}`);
  for (const name of names) {
    const [q1, median, q3] = quartiles(times[name]);
    let line = `  ${name.padEnd(16)} ${ms(median).padStart(9)} [${ms(q1)}, ${ms(q3)}]`;
    if (name !== "fastbip32") {
      const ratios = times[name].map((t, r) => t / times.fastbip32[r]);
      const [r1, rm, r3] = quartiles(ratios);
      line += `   ${rm.toFixed(1)}× the package's time [${r1.toFixed(1)}, ${r3.toFixed(1)}]`;
    }
    console.log(line);
  }
}
