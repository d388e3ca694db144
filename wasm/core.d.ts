// Types of `fastbip32/core` (js/core.js): the API without a loader.
export * from "./api.js";

/** Instantiates the module from its bytes or a compiled module, synchronously; once,
 * before anything else. */
export function initialize(module: BufferSource | WebAssembly.Module): void;
