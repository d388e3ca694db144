// The worker pool: results equal to the single-threaded calls, in order, streamed in
// order, and aborted on request.
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { Descriptor, ExtendedPrivateKey, FastBip32Error, WorkerPool } from "fastbip32";

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const root = ExtendedPrivateKey.fromMnemonic(ABOUT);
const pool = new WorkerPool({ size: 3 });
after(() => pool.terminate());

test("xpub addresses from the pool equal the single call, in order", async () => {
  const xpub = root.derive("m/84'/0'/0'/0").toXpub();
  const chunks = [];
  const got = await pool.addresses(xpub, 7, 12_345, {
    kind: "p2wpkh",
    chunkSize: 1000,
    onChunk: (addresses, first) => chunks.push([first, addresses.length]),
  });
  assert.deepEqual(got, xpub.addresses(7, 12_345, { kind: "p2wpkh" }));
  // BIP-84's published first receive address is index 0; index 7 on is checked above.
  assert.equal(xpub.addresses(0, 1)[0], "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  assert.equal(chunks.length, 13);
  chunks.forEach(([first], i) => assert.equal(first, 7 + 1000 * i));
});

test("descriptor and coin batches from the pool equal the single calls", async () => {
  const d = new Descriptor(
    "tr([73c5da0a/86h/0h/0h]xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ/<0;1>/*)",
  );
  assert.deepEqual(await pool.addresses(d, 0, 3000, { branch: 1, chunkSize: 700 }), d.addresses(0, 3000, { branch: 1 }));
  const eth = root.derive("m/44'/60'/0'/0").toXpub();
  assert.deepEqual(await pool.addresses(eth, 0, 2000, { coin: "ethereum" }), eth.addresses(0, 2000, { coin: "ethereum" }));
});

test("errors come back as the package's classes; an aborted batch rejects with Aborted", async () => {
  const xpub = root.derive("m/84'/0'/0'/0").toXpub();
  await assert.rejects(pool.addresses(xpub, 0, 10, { kind: "solana" }), (e) => e instanceof FastBip32Error && e.kind === "UnsupportedByScheme");
  const controller = new AbortController();
  let chunks = 0;
  const batch = pool.addresses(xpub, 0, 50_000, {
    chunkSize: 500,
    signal: controller.signal,
    onChunk: () => {
      chunks++;
      controller.abort();
    },
  });
  await assert.rejects(batch, (e) => e instanceof FastBip32Error && e.kind === "Aborted");
  // No chunk is delivered after the abort.
  assert.equal(chunks, 1);
  // The pool still works after an abort.
  assert.deepEqual(await pool.addresses(xpub, 5, 10), xpub.addresses(5, 10));
  await assert.rejects(pool.addresses(root, 0, 1), TypeError);
});
