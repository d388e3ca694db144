// The package's entry without a loader (`fastbip32/core`): the API and `initialize`, for
// hosts that bring the module's bytes themselves (a page with the module inlined, a Worker
// given the compiled module). Call `initialize` once before anything else.
import { initSync } from "../pkg/fastbip32_wasm.js";

/** Instantiates the module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initialize(module) {
  initSync({ module });
}

export * from "./api.js";
