// Types of the package's main entry (js/node.js in Node, js/browser.js elsewhere).
export * from "./api.js";
export { WorkerPool } from "./pool.js";
