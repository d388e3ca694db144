// Types of the package's main entry (js/node.js in Node, js/browser.js elsewhere).
export * from "./api.js";
export { WorkerPool } from "./pool.js";
export { recover } from "./recover.js";
export type { RecoverOptions, RecoverProgress, Recovered } from "./recover.js";
