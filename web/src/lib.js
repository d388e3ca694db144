// What the page takes from the package: its API (wasm/js/core.js), the task a pool worker runs,
// the worker pool, recover(), and `load`, which instantiates the module asynchronously (a browser's main
// thread may not compile a large module synchronously; a worker may, with `initialize`).
import init from "../../wasm/pkg/fastbip32_wasm.js";

export * from "../../wasm/js/core.js";
export { runTask } from "../../wasm/js/task.js";
export { WorkerPool, fromWebWorker } from "../../wasm/js/pool.js";
export { recover } from "../../wasm/js/recover.js";

/** Instantiates the module from a compiled `WebAssembly.Module` or its bytes. */
export async function load(module) {
  await init({ module_or_path: module });
}
