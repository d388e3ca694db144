// What a pool worker runs: one task (a plain, structured-clonable record the pool posts) on
// the API of the worker's own module instance. Shared by worker.js and by hosts that make
// their own workers (a page with the module inlined).

import { toRecord } from "./errors.js";

/** Makes `scope` (a worker's global, or Node's `parentPort`) answer the pool's task
 * messages `{id, task}` with `{id, reply}`, on the API `api` resolves to (a promise: the
 * listener is attached at once, and tasks wait for the module). A host with its own worker
 * script (a page with the module inlined) calls it with `fastbip32/core` after
 * `initialize`. */
export function serveTasks(scope, api) {
  const answer = async ({ id, task }) => scope.postMessage({ id, reply: runTask(await api, task) });
  if (typeof scope.on === "function") scope.on("message", answer);
  else scope.addEventListener("message", (event) => answer(event.data));
}

/** Runs `task` on `api` (the package's exports): `{op: "addresses", source: {type: "xpub",
 * text, curve} | {type: "descriptor", text}, start, count, kind, network, coin, branch}`.
 * Returns `{ok: true, result}` or `{ok: false, error}` (an error record, see toRecord). */
export function runTask(api, task) {
  try {
    return { ok: true, result: run(api, task) };
  } catch (error) {
    return { ok: false, error: toRecord(error) };
  }
}

function run(api, task) {
  switch (task.op) {
    case "addresses": {
      const { source, start, count } = task;
      if (source.type === "xpub") {
        const key = api.ExtendedPublicKey.parse(source.text, { curve: source.curve });
        try {
          return key.addresses(start, count, { kind: task.kind, network: task.network, coin: task.coin, stakeKey: task.stakeKey });
        } finally {
          key.free();
        }
      }
      const descriptor = new api.Descriptor(source.text);
      try {
        return descriptor.addresses(start, count, { branch: task.branch, network: task.network });
      } finally {
        descriptor.free();
      }
    }
    default:
      throw new TypeError(`unknown task ${String(task.op)}`);
  }
}
