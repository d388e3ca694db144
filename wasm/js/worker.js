// A pool worker (Node's worker_threads or a browser's dedicated Worker): loads its own
// instance of the module and answers each task message `{id, task}` with `{id, reply}`.

import { runTask } from "./task.js";

const node = typeof globalThis.process?.versions?.node === "string" && typeof globalThis.WorkerGlobalScope === "undefined";

if (node) {
  const { parentPort } = await import("node:worker_threads");
  const api = await import("./node.js");
  parentPort.on("message", ({ id, task }) => parentPort.postMessage({ id, reply: runTask(api, task) }));
} else {
  const api = await import("./browser.js");
  self.addEventListener("message", (event) => {
    const { id, task } = event.data;
    self.postMessage({ id, reply: runTask(api, task) });
  });
}
