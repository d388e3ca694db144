// A recover worker (Node's worker_threads or a browser's dedicated Worker): loads its own
// instance of the recover module (pkg/fastbip32_recover_bg.wasm, the API with the recovery
// search) and serves recover()'s tasks (recover-task.js).

import { serveRecoverTasks } from "./recover-task.js";

const node = typeof globalThis.process?.versions?.node === "string" && typeof globalThis.WorkerGlobalScope === "undefined";

async function load() {
  const glue = await import("../pkg/fastbip32_recover.js");
  const url = new URL("../pkg/fastbip32_recover_bg.wasm", import.meta.url);
  if (node) {
    const { readFileSync } = await import("node:fs");
    glue.initSync({ module: readFileSync(url) });
  } else {
    await glue.default({ module_or_path: url });
  }
  return glue;
}

if (node) {
  const { parentPort } = await import("node:worker_threads");
  serveRecoverTasks(parentPort, load());
} else {
  serveRecoverTasks(self, load());
}
