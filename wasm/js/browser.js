// The package's entry in browsers and bundlers: fetches and instantiates the WebAssembly
// module (a top-level await; bundlers resolve the `new URL(…, import.meta.url)` asset), then
// exports the API.
import init from "../pkg/fastbip32_wasm.js";

await init({ module_or_path: new URL("../pkg/fastbip32_wasm_bg.wasm", import.meta.url) });

export * from "./api.js";
export { WorkerPool } from "./pool.js";
export { recover } from "./recover.js";
