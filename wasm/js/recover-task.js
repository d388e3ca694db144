// What a recover worker runs: the tasks of recover() on the recover module's `RawRecovery`
// (one range of the candidate space at a time, on the worker's own module instance). Shared
// by recover-worker.js and by hosts that make their own workers (a page with the module
// inlined).

import { toError, toRecord } from "./errors.js";

/** How often a running range posts its progress, in milliseconds. */
const PROGRESS_EVERY = 100;

/** Makes `scope` (a worker's global, or Node's `parentPort`) answer recover()'s task
 * messages `{id, task}` with `{id, reply}`, and post `{id, progress}` while a range runs, on
 * the recover module `module` resolves to (its `RawRecovery` and `rawScrubStack`): `{op:
 * "plan", key, search, shard}` builds the search and answers `{size, start, end}`; `{op:
 * "range", key, search, start, end}` searches `start..end` (decimal) and answers `{found}`
 * (null or the match). The search of the last `key` is kept for the next task and freed
 * when another key comes. */
export function serveRecoverTasks(scope, module) {
  let current = null;
  const searchOf = (raw, key, search) => {
    if (current?.key === key) return current.search;
    current?.search.free();
    current = null;
    const s = search;
    const list = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    const made = call(() => new raw.RawRecovery(
      s.mnemonic, s.missing ?? 0, s.typos ?? 0, s.swaps ?? 0, s.length, s.language,
      s.passphrases ?? (s.passphrase === undefined ? [] : [s.passphrase]),
      [...list(s.address), ...list(s.addresses)], list(s.xpub), list(s.fingerprint), list(s.descriptor),
      s.coin, s.accounts ?? 1, s.gap ?? 20, s.change, list(s.path),
      s.unordered ?? false, s.seed, s.passphraseRules,
    ), raw);
    current = { key, search: made };
    return made;
  };
  const answer = async ({ id, task }) => {
    let reply;
    try {
      const raw = await module;
      const search = searchOf(raw, task.key, task.search);
      if (task.op === "plan") {
        const size = search.size();
        let start = "0";
        let end = size;
        if (task.shard) [start, end] = call(() => search.shard(task.shard[0], task.shard[1]), raw);
        reply = { ok: true, result: { size, start, end } };
      } else if (task.op === "range") {
        let last = 0;
        const found = call(() => search.searchRange(task.start, task.end, (examined, passed) => {
          const now = Date.now();
          if (now - last >= PROGRESS_EVERY) {
            last = now;
            scope.postMessage({ id, progress: { examined, passed } });
          }
          return true;
        }), raw);
        reply = { ok: true, result: { found } };
      } else {
        throw new TypeError(`unknown task ${String(task.op)}`);
      }
    } catch (error) {
      reply = { ok: false, error: toRecord(error) };
    }
    scope.postMessage({ id, reply });
  };
  if (typeof scope.on === "function") scope.on("message", answer);
  else scope.addEventListener("message", (event) => answer(event.data));
}

/** Runs `f` on the recover module, its errors as the package's classes, then overwrites
 * the stack the call used (it handled the template). */
function call(f, raw) {
  try {
    return f();
  } catch (thrown) {
    throw toError(thrown);
  } finally {
    raw.rawScrubStack();
  }
}
