// The package's entry in Node (>= 20): instantiates the WebAssembly module from the file
// beside the glue, synchronously, then exports the API.
import { readFileSync } from "node:fs";
import { initSync } from "../pkg/fastbip32_wasm.js";

initSync({ module: readFileSync(new URL("../pkg/fastbip32_wasm_bg.wasm", import.meta.url)) });

export * from "./api.js";
export { WorkerPool } from "./pool.js";
export { recover } from "./recover.js";
