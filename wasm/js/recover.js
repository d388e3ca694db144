// recover(): the recovery search on a pool of recover workers, each with its own instance of
// the recover module (no SharedArrayBuffer). The candidate space (or a shard of it) is cut
// into ranges the workers take in index order; the match is the first in index order, as the
// command line's.

import { FastBip32Error } from "./errors.js";
import { WorkerPool, recoverWorker } from "./pool.js";

/** The options that describe the search (the command line's flags, camelCase). */
const SEARCH = new Set([
  "mnemonic", "missing", "typos", "swaps", "unordered", "length", "language", "seed",
  "passphrase", "passphrases", "passphraseRules", "address", "addresses", "xpub", "fingerprint",
  "descriptor", "coin", "accounts", "gap", "path", "change",
]);

/** The options of the run itself. */
const RUN = new Set(["shard", "signal", "onProgress", "workers", "chunkSize", "createWorker"]);

function invalid(message) {
  return new FastBip32Error(message, "InvalidArgument");
}

function abortError() {
  return new FastBip32Error("the search was aborted", "Aborted");
}

let searches = 0;

/** Checks the options' names and types; returns the search record and the run options. */
function read(options) {
  if (options === null || typeof options !== "object") throw invalid("recover takes an options object");
  const search = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (SEARCH.has(name)) search[name] = value;
    else if (!RUN.has(name)) throw invalid(`unknown option ${JSON.stringify(name)}`);
  }
  if (typeof search.mnemonic !== "string") throw invalid("mnemonic (the phrase as remembered) must be a string");
  for (const name of ["missing", "typos", "swaps", "accounts", "gap", "length"]) {
    const v = search[name];
    if (v !== undefined && (!Number.isInteger(v) || v < 0 || v > 0xffff_ffff)) {
      throw invalid(`${name} must be a non-negative integer`);
    }
  }
  for (const name of ["language", "coin", "change", "passphrase", "seed"]) {
    if (search[name] !== undefined && typeof search[name] !== "string") throw invalid(`${name} must be a string`);
  }
  for (const name of ["address", "addresses", "xpub", "fingerprint", "descriptor", "path", "passphrases", "passphraseRules"]) {
    const v = search[name];
    if (v !== undefined && typeof v !== "string" && !(Array.isArray(v) && v.every((s) => typeof s === "string"))) {
      throw invalid(`${name} must be a string or an array of strings`);
    }
  }
  if (search.unordered !== undefined && typeof search.unordered !== "boolean") throw invalid("unordered must be a boolean");
  if (typeof search.passphrases === "string") search.passphrases = [search.passphrases];
  if (search.passphrase !== undefined && search.passphrases !== undefined) {
    throw invalid("give passphrase or passphrases, not both");
  }
  // The command line's --passphrase-rule text: an array's items joined with commas.
  if (Array.isArray(search.passphraseRules)) search.passphraseRules = search.passphraseRules.join(",");
  if (search.passphraseRules !== undefined && search.passphrases !== undefined) {
    throw invalid("passphraseRules vary the one passphrase (the base): give passphrases or passphraseRules, not both");
  }
  let shard = null;
  if (options.shard !== undefined) {
    const m = typeof options.shard === "string" ? /^(\d+)\/(\d+)$/.exec(options.shard) : null;
    const k = m ? Number(m[1]) : 0;
    const n = m ? Number(m[2]) : 0;
    if (!m || k < 1 || k > n || n > 0xffff_ffff) throw invalid("shard must be \"K/N\" with 1 <= K <= N");
    shard = [k - 1, n];
  }
  const { chunkSize = 4096, workers } = options;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw invalid("chunkSize must be a positive integer");
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 1 || workers > 256)) {
    throw invalid("workers must be an integer from 1 to 256");
  }
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") {
    throw invalid("onProgress must be a function");
  }
  return { search, shard, chunkSize: BigInt(chunkSize), workers };
}

/** Searches for a wallet from a partly remembered mnemonic, as `fastbip32 recover`; see the
 * README and index.d.ts. Resolves to the match (`{mnemonic, passphrase, path, address,
 * matched, candidate, addressIndex, language}`) or `null`. */
export async function recover(options) {
  const { search, shard, chunkSize, workers } = read(options);
  const { signal, onProgress, createWorker } = options;
  if (signal?.aborted) throw abortError();
  const pool = new WorkerPool({ size: workers, createWorker: createWorker ?? recoverWorker });
  const key = ++searches;
  const started = Date.now();
  let stop = null;
  const onAbort = () => {
    stop = abortError();
    pool.terminate();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const plan = await pool.task({ op: "plan", key, search, shard });
    const start = BigInt(plan.start);
    const end = BigInt(plan.end);
    const total = end - start;
    const count = total === 0n ? 0n : (total - 1n) / chunkSize + 1n;
    const size = Math.max(1, Math.min(workers ?? 8, Number(count > 256n ? 256n : count)));
    let examinedDone = 0n;
    let passed = 0;
    const partial = new Map(); // task → {examined, passed} while it runs
    const report = () => {
      if (!onProgress) return;
      let examined = examinedDone;
      let passedNow = passed;
      for (const p of partial.values()) {
        examined += p.examined;
        passedNow += p.passed;
      }
      const elapsed = (Date.now() - started) / 1000;
      const rate = elapsed > 0 ? Number(examined) / elapsed : 0;
      const eta = rate > 0 ? Number(total - examined) / rate : null;
      onProgress({ examined, total, passed: passedNow, elapsed, rate, eta });
    };
    const found = await new Promise((resolve, reject) => {
      let next = 0n;
      let best = null; // the first task (in order) with a match
      let prefix = 0n; // tasks before this one are done
      const done = new Set();
      const matches = new Map();
      let active = 0;
      const settle = () => {
        while (done.has(prefix)) {
          done.delete(prefix);
          prefix++;
        }
        if (best !== null && prefix >= best) resolve(matches.get(best));
        else if (best === null && prefix >= count) resolve(null);
      };
      const launch = () => {
        while (!stop && active < size && next < count && (best === null || next < best)) {
          const task = next++;
          const first = start + task * chunkSize;
          const last = first + chunkSize < end ? first + chunkSize : end;
          active++;
          partial.set(task, { examined: 0n, passed: 0 });
          pool
            .task(
              { op: "range", key, search, start: String(first), end: String(last) },
              {
                onProgress: (p) => {
                  partial.set(task, { examined: BigInt(p.examined), passed: p.passed });
                  report();
                },
              },
            )
            .then(({ found: match }) => {
              active--;
              partial.delete(task);
              if (match) {
                matches.set(task, match);
                if (best === null || task < best) best = task;
              } else {
                examinedDone += last - first;
              }
              done.add(task);
              report();
              settle();
              launch();
            }, reject);
        }
        settle();
      };
      launch();
    });
    if (stop) throw stop;
    if (!found) return null;
    return { ...found, candidate: BigInt(found.candidate) };
  } catch (error) {
    throw stop ?? error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    pool.terminate();
  }
}
