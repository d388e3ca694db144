// Types of the entry `fastbip32/fast` (pkg/fast/js/node.js in Node, pkg/fast/js/browser.js
// elsewhere): the main entry's API over the speed-optimised module.
export * from "./index.js";
