// A pool worker (Node's worker_threads or a browser's dedicated Worker): loads its own
// instance of the module and answers each task message `{id, task}` with `{id, reply}`.
// The message listener is attached before the module has loaded (in a browser, a message
// that arrives while no listener is attached is not delivered to one attached later); tasks
// wait for the module.

import { serveTasks } from "./task.js";

const node = typeof globalThis.process?.versions?.node === "string" && typeof globalThis.WorkerGlobalScope === "undefined";

if (node) {
  const { parentPort } = await import("node:worker_threads");
  serveTasks(parentPort, import("./node.js"));
} else {
  serveTasks(self, import("./browser.js"));
}
