// What the page's recover workers take from the package: the recover module's glue (the API
// with the recovery search) and the task loop of recover(). Bundled into a block the page
// does not run; its recover workers run it from a blob: URL.
import { initSync } from "../../wasm/pkg/fastbip32_recover.js";
import * as glue from "../../wasm/pkg/fastbip32_recover.js";

export { serveRecoverTasks } from "../../wasm/js/recover-task.js";

/** Instantiates the recover module from its bytes, synchronously; returns its exports. */
export function initialize(module) {
  initSync({ module });
  return glue;
}
