// A small ES-module-to-classic-script bundler for the page's build: it turns a fixed set of
// the package's modules (wasm/js/*.js and wasm-bindgen's glue) into one classic script that
// defines a single global, so that the page and its Blob-URL workers can run the same text
// inline, under a Content-Security-Policy that allows that text by its hash.
//
// It understands the module syntax those files use, each statement at the start of a line:
//   import { a, b as c } from "./x.js";      import x from "./x.js";      import * as x from "./x.js";
//   export function f / export class C / export const|let|var x
//   export { a, b as c };  export { a, b as c } from "./x.js";  export * from "./x.js";
//   export default <expression>;
// Bare specifiers (node:…) are allowed only in dynamic import(), which the page never reaches.
// Each module runs once, in dependency order, in its own function scope; exports are getters
// (live bindings). An unknown form is an error, never a silent miss.

import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

/** Splits `a, b as c` into [[local, exported], …]. */
function specifiers(list) {
  return list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      const m = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(s);
      if (!m) throw new Error(`bundle: cannot read the specifier "${s}"`);
      return [m[1], m[2] ?? m[1]];
    });
}

/** Rewrites one module's text; returns { body, deps }. `resolve(spec)` names a dependency. */
function transform(file, text, resolve) {
  const deps = [];
  const getters = [];
  const dep = (spec) => {
    const id = resolve(spec);
    deps.push(id);
    return `__require(${JSON.stringify(id)})`;
  };
  let body = text;

  // `import { … } from "…";` (over several lines too), `import x from`, `import * as x from`.
  body = body.replace(/^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?[ \t]*$/gm, (_, list, spec) => {
    const names = specifiers(list).map(([imported, local]) => (imported === local ? local : `${imported}: ${local}`));
    return `const { ${names.join(", ")} } = ${dep(spec)};`;
  });
  body = body.replace(/^import\s+\*\s+as\s+([\w$]+)\s+from\s*"([^"]+)";?[ \t]*$/gm, (_, local, spec) => `const ${local} = ${dep(spec)};`);
  body = body.replace(/^import\s+([\w$]+)\s+from\s*"([^"]+)";?[ \t]*$/gm, (_, local, spec) => `const ${local} = ${dep(spec)}.default;`);

  // Re-exports.
  body = body.replace(/^export\s*\*\s*from\s*"([^"]+)";?[ \t]*$/gm, (_, spec) => `__reexport(__exports, ${dep(spec)});`);
  body = body.replace(/^export\s*\{([^}]*)\}\s*from\s*"([^"]+)";?[ \t]*$/gm, (_, list, spec) => {
    const from = dep(spec);
    return specifiers(list)
      .map(([imported, exported]) => `__export(__exports, ${JSON.stringify(exported)}, () => ${from}[${JSON.stringify(imported)}]);`)
      .join(" ");
  });
  body = body.replace(/^export\s*\{([^}]*)\};?[ \t]*$/gm, (_, list) => {
    for (const [local, exported] of specifiers(list)) getters.push([exported, local]);
    return "";
  });

  // Declarations.
  body = body.replace(/^export\s+(async\s+function\*?|function\*?|class|const|let|var)\s+([\w$]+)/gm, (_, keyword, name) => {
    getters.push([name, name]);
    return `${keyword} ${name}`;
  });
  body = body.replace(/^export\s+default\s+/gm, () => {
    getters.push(["default", "__default"]);
    return "const __default = ";
  });

  // import.meta has no meaning in a classic script: the glue only reads it to find the module's
  // file when it is given no bytes, which the page never does.
  body = body.replace(/\bimport\.meta\.url\b/g, "self.location.href");

  const left = /^\s*(import|export)\b[^(]/m.exec(body);
  if (left) throw new Error(`bundle: ${file}: a module statement the bundler does not read: ${left[0].trim()}…`);
  if (/\bimport\.meta\b/.test(body)) throw new Error(`bundle: ${file}: import.meta outside import.meta.url`);

  const header = getters.map(([exported, local]) => `__export(__exports, ${JSON.stringify(exported)}, () => ${local});`).join("\n");
  return { body: `${header}\n${body}`, deps };
}

/**
 * Bundles `entries` (absolute paths; their exports merged, later ones winning) into a classic
 * script that assigns the merged namespace to `globalName`. Returns the script's text.
 */
export function bundle(entries, globalName) {
  const modules = new Map(); // id -> { body, deps }
  const order = [];
  const root = path.dirname(entries[0]);
  const idOf = (file) => path.relative(root, file).split(path.sep).join("/");

  const visit = (file, stack) => {
    const id = idOf(file);
    if (modules.has(id)) return id;
    if (stack.includes(id)) throw new Error(`bundle: an import cycle: ${[...stack, id].join(" -> ")}`);
    const text = readFileSync(file, "utf8");
    const resolve = (spec) => {
      if (!spec.startsWith(".")) throw new Error(`bundle: ${id}: a static import of "${spec}"`);
      return visit(path.resolve(path.dirname(file), spec), [...stack, id]);
    };
    const module = transform(id, text, resolve);
    modules.set(id, module);
    order.push(id);
    return id;
  };
  const entryIds = entries.map((file) => visit(file, []));

  const parts = [
    `var ${globalName} = (function () {`,
    `"use strict";`,
    `const __done = new Map();`,
    `const __factories = new Map();`,
    `function __require(id) { const m = __done.get(id); if (m === undefined) throw new Error("bundle: " + id + " is not ready"); return m; }`,
    `function __export(target, name, get) { Object.defineProperty(target, name, { get, enumerable: true, configurable: true }); }`,
    `function __reexport(target, from) { for (const name of Object.keys(from)) if (name !== "default") __export(target, name, () => from[name]); }`,
  ];
  for (const id of order) {
    parts.push(`// ---- ${id}`);
    parts.push(`__factories.set(${JSON.stringify(id)}, function (__exports) {\n${modules.get(id).body}\n});`);
  }
  parts.push(`for (const [id, factory] of __factories) { const exports = Object.create(null); __done.set(id, exports); factory(exports); }`);
  parts.push(`const __namespace = Object.create(null);`);
  for (const id of entryIds) parts.push(`__reexport(__namespace, __done.get(${JSON.stringify(id)}));`);
  parts.push(`return Object.freeze(__namespace);`);
  parts.push(`})();`);
  const script = parts.join("\n");
  // A syntax error fails the build, not the page.
  new vm.Script(script, { filename: `${globalName}.js` });
  return script;
}
