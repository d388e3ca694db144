// The page's script. It runs after the package's script (the global FastBip32), reads the
// WebAssembly module from the page's data block, and drives the form. Batches of addresses run
// on a pool of dedicated workers made from a blob: URL, each with its own instance of the module
// from the same bytes; the table renders only the rows in view.
"use strict";
(function () {
  const F = FastBip32;
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- workers

  /** What each pool worker runs (stringified into the worker's script after the package's). */
  function workerMain() {
    self.onmessage = (event) => {
      const message = event.data;
      if (message.module !== undefined) {
        FastBip32.initialize(message.module);
        return;
      }
      self.postMessage({ id: message.id, reply: FastBip32.runTask(FastBip32, message.task) });
    };
  }

  let moduleBytes = null;
  let workerUrl = null;
  function createWorker() {
    if (workerUrl === null) {
      const text = `${$("fastbip32-lib").textContent}\n;(${workerMain.toString()})();\n`;
      workerUrl = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    }
    const worker = new Worker(workerUrl, { name: "fastbip32" });
    worker.postMessage({ module: moduleBytes });
    return F.fromWebWorker(worker);
  }
  /** What each recover worker runs (after the recover script, FastBip32Recover): the recover
   * module from the bytes the page posts first, then recover()'s tasks. */
  function recoverWorkerMain() {
    let ready;
    const loaded = new Promise((resolve) => (ready = resolve));
    self.addEventListener("message", (event) => {
      if (event.data.module === undefined) return;
      event.stopImmediatePropagation();
      ready(FastBip32Recover.initialize(event.data.module));
    });
    FastBip32Recover.serveRecoverTasks(self, loaded);
  }

  let recoverBytes = null;
  let recoverUrl = null;
  /** A recover worker: the recover module's bytes are unpacked on the first one. */
  async function createRecoverWorker() {
    if (recoverBytes === null) recoverBytes = await unpack($("fastbip32-recover-module"));
    if (recoverUrl === null) {
      const text = `${$("fastbip32-recover-lib").textContent}\n;(${recoverWorkerMain.toString()})();\n`;
      recoverUrl = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    }
    const worker = new Worker(recoverUrl, { name: "fastbip32-recover" });
    worker.postMessage({ module: recoverBytes });
    return F.fromWebWorker(worker);
  }

  // One core is left to the page itself, so that it answers while a large table is computed.
  const poolSize = Math.max(1, Math.min(8, (navigator.hardwareConcurrency || 2) - 1));
  const pool = new F.WorkerPool({ size: poolSize, createWorker });

  /** The bytes of a gzip+base64 data block. */
  async function unpack(block) {
    const packed = Uint8Array.from(atob(block.textContent.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
    const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async function loadModule() {
    moduleBytes = await unpack($("fastbip32-module"));
    await F.load(await WebAssembly.compile(moduleBytes));
  }

  // ---------------------------------------------------------------- small helpers

  const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  /** Base58 (Bitcoin's alphabet) of public-length data; for Solana's keypair text. */
  function base58(bytes) {
    let n = 0n;
    for (const b of bytes) n = (n << 8n) | BigInt(b);
    let out = "";
    while (n > 0n) {
      out = BASE58[Number(n % 58n)] + out;
      n /= 58n;
    }
    for (const b of bytes) {
      if (b !== 0) break;
      out = `1${out}`;
    }
    return out;
  }
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const errorText = (error) => (error && error.message ? error.message : String(error));
  const MAX_INDEX = 0x7fffffff;
  const MAX_ROWS = 1000000;

  /** A whole number from a field, clamped to min..max (`fallback` when it is not one). */
  function intField(id, min, max, fallback) {
    const value = Number($(id).value);
    if ($(id).value.trim() === "" || !Number.isInteger(value)) return fallback;
    return Math.min(max, Math.max(min, value));
  }

  function setCheck(id, text, ok) {
    const el = $(id);
    el.textContent = text;
    el.classList.toggle("ok", ok === true);
    el.classList.toggle("bad", ok === false);
  }

  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // ---------------------------------------------------------------- schemes, coins, presets

  /** The derivation tabs: curve, the path they fill in, the address type they imply. */
  const TABS = {
    bip32: { curve: "secp256k1", hint: "BIP-32 with a path of your own: type it in \"Derivation path\"." },
    bip44: { curve: "secp256k1", purpose: 44, kind: "p2pkh", hint: "BIP-44: m/44'/coin'/account'/change, legacy P2PKH addresses (or the coin's own)." },
    bip49: { curve: "secp256k1", purpose: 49, kind: "p2sh-p2wpkh", hint: "BIP-49: m/49'/coin'/account'/change, P2WPKH nested in P2SH (ypub)." },
    bip84: { curve: "secp256k1", purpose: 84, kind: "p2wpkh", hint: "BIP-84: m/84'/coin'/account'/change, native SegWit P2WPKH (zpub)." },
    bip86: { curve: "secp256k1", purpose: 86, kind: "p2tr", hint: "BIP-86: m/86'/coin'/account'/change, Taproot key-path P2TR." },
    ed25519: { curve: "ed25519", hardenedOnly: true, hint: "SLIP-10 ed25519: every step is hardened; the rows are m/…/i'." },
    p256: { curve: "nist256p1", hint: "SLIP-10 NIST P-256 (secp256r1): NEO, NEO N3 and Ontology addresses." },
    cardano: { curve: "cardano-icarus", purpose: 1852, kind: "cardano-base", hint: "Cardano CIP-1852 (BIP32-Ed25519): m/1852'/1815'/account'/role, role 0 receive, 1 change, 2 stake." },
  };
  /** The tab of each curve family of the registry's coins (Bitcoin's own: BIP-84). The page
   * derives no ed25519-blake2b (Nano) keys, so Nano is not among its coins. */
  const FAMILY_TAB = { secp256k1: "bip44", ed25519: "ed25519", nist256p1: "p256", cardano: "cardano" };
  const CURVE_FAMILY = { secp256k1: "secp256k1", ed25519: "ed25519", nist256p1: "nist256p1", "cardano-icarus": "cardano", "cardano-icarus-trezor": "cardano", "ed25519-bip32": "cardano" };
  function naturalTab(c) {
    return c.coin === "bitcoin" ? "bip84" : FAMILY_TAB[CURVE_FAMILY[c.curve]];
  }
  /** The tab of a standard path of a coin: BIP-44/49/84/86 by its purpose on secp256k1. */
  function pathTab(c, path) {
    const purpose = /^m\/(\d+)'/.exec(path)?.[1];
    const tab = { 44: "bip44", 49: "bip49", 84: "bip84", 86: "bip86" }[purpose];
    return CURVE_FAMILY[c.curve] === "secp256k1" && tab ? tab : naturalTab(c);
  }

  const PRESETS = [
    { label: "Native SegWit, BIP-84 (Bitcoin Core, Sparrow, Electrum BIP-39, BlueWallet)", coin: "bitcoin", tab: "bip84" },
    { label: "Taproot, BIP-86 (Bitcoin Core, Sparrow)", coin: "bitcoin", tab: "bip86" },
    { label: "Nested SegWit, BIP-49", coin: "bitcoin", tab: "bip49" },
    { label: "Legacy, BIP-44", coin: "bitcoin", tab: "bip44" },
    { label: "Ethereum m/44'/60'/0'/0/i (MetaMask, Trezor, MyEtherWallet)", coin: "ethereum", tab: "bip44" },
    { label: "Solana m/44'/501'/0'/i' (row 0 is Phantom's and Solflare's first address)", coin: "solana", tab: "ed25519", path: "m/44'/501'/0'" },
    { label: "Solana m/44'/501'/i'", coin: "solana", tab: "ed25519", path: "m/44'/501'" },
    { label: "Cardano, Icarus master key (Yoroi, Eternl, Daedalus)", coin: "cardano", tab: "cardano", curve: "cardano-icarus" },
    { label: "Cardano, Trezor's Icarus variant (differs for 24 words)", coin: "cardano", tab: "cardano", curve: "cardano-icarus-trezor" },
    { label: "Cardano, Ledger master key (Ledger, BitBox02)", coin: "cardano", tab: "cardano", curve: "ed25519-bip32" },
  ];
  /** The coins the presets above cover; every other coin of the registry gets a preset per
   * standard path (fillCoins). */
  const HAND_PRESETS = new Set(PRESETS.map((p) => p.coin));

  /** SLIP-132 versions: [public, private, script, network]. */
  const VERSIONS = [
    ["xpub", "xprv", "P2PKH or P2SH", "mainnet"],
    ["ypub", "yprv", "P2WPKH in P2SH", "mainnet"],
    ["zpub", "zprv", "P2WPKH", "mainnet"],
    ["Ypub", "Yprv", "multi-signature P2WSH in P2SH", "mainnet"],
    ["Zpub", "Zprv", "multi-signature P2WSH", "mainnet"],
    ["tpub", "tprv", "P2PKH or P2SH", "testnet"],
    ["upub", "uprv", "P2WPKH in P2SH", "testnet"],
    ["vpub", "vprv", "P2WPKH", "testnet"],
    ["Upub", "Uprv", "multi-signature P2WSH in P2SH", "testnet"],
    ["Vpub", "Vprv", "multi-signature P2WSH", "testnet"],
  ];
  const TAB_VERSION = { bip49: 1, bip84: 2 };

  const ui = {
    tab: "bip84",
    cardanoCurve: "cardano-icarus",
    mode: "mnemonic", // or "watch"
    showPrivate: false,
  };
  let coins = [];

  function coin() {
    return coins.find((c) => c.coin === $("coin").value) || null;
  }
  function hidePrivate() {
    return $("hide-private").checked;
  }
  function privateShown() {
    return ui.showPrivate && !hidePrivate();
  }
  function network() {
    return $("network").value || undefined;
  }
  function curve() {
    return ui.tab === "cardano" ? ui.cardanoCurve : TABS[ui.tab].curve;
  }
  function coinType() {
    const c = coin();
    if (!c) return 0;
    if (c.coin === "bitcoin" && network() !== "mainnet") return 1;
    return c.slip44;
  }

  function fillCoins() {
    const select = $("coin");
    select.replaceChildren();
    for (const c of coins) select.append(new Option(`${c.symbol}: ${c.name}`, c.coin));
    select.append(new Option("None (keys only)", ""));
    select.value = "bitcoin";
    // The registry's standard paths whose series counts at the last step: the path above it
    // fills "Derivation path", the rows are its children (hardened for `*'`).
    for (const c of coins) {
      if (HAND_PRESETS.has(c.coin)) continue;
      for (const p of c.paths) {
        const series = /^(m(?:\/\d+'?)*)\/\*('?)$/.exec(p.series);
        if (!series) continue;
        PRESETS.push({ label: `${c.name}: ${p.series}, ${p.kind} (${p.wallets})`, coin: c.coin, tab: pathTab(c, p.path), path: series[1], kind: p.kind, hardened: series[2] === "'" });
      }
    }
    $("preset").append(new Option("(choose a wallet)", ""));
    PRESETS.forEach((p, i) => $("preset").append(new Option(p.label, String(i))));
    $("preset").value = "0";
  }

  function fillNetworkAndKind() {
    const c = coin();
    const net = $("network");
    const keep = net.value;
    net.replaceChildren();
    const networks = c && c.networks.length > 0 ? c.networks : [];
    for (const n of networks) net.append(new Option(n, n));
    if (networks.length === 0) net.append(new Option("(the coin's one network)", ""));
    net.value = networks.includes(keep) ? keep : networks[0] || "";
    net.disabled = networks.length === 0;

    const kind = $("kind");
    const kinds = c ? c.addressKinds : [];
    kind.replaceChildren();
    for (const k of kinds) kind.append(new Option(k, k));
    if (kinds.length === 0) kind.append(new Option("(none: keys only)", ""));
    const wanted = TABS[ui.tab].kind;
    kind.value = wanted && kinds.includes(wanted) ? wanted : kinds[0] || "";
    kind.disabled = kinds.length <= 1;
  }

  /** Fills "Derivation path" from the tab, coin, account and change. */
  function fillPath(explicit) {
    const tab = TABS[ui.tab];
    const account = intField("account", 0, MAX_INDEX, 0);
    const change = $("change").value;
    let path;
    if (explicit) path = explicit;
    else if (ui.tab === "bip32") path = "m/0";
    else if (ui.tab === "ed25519") path = `m/44'/${coinType()}'/${account}'`;
    else if (ui.tab === "p256") path = `m/44'/${coinType()}'/${account}'/${change}`;
    else path = `m/${tab.purpose}'/${ui.tab === "cardano" ? 1815 : coinType()}'/${account}'/${change}`;
    $("path").value = path;
    $("hardened").checked = tab.hardenedOnly === true;
    $("hardened").disabled = tab.hardenedOnly === true;
  }

  function selectTab(name, options = {}) {
    ui.tab = name;
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      const on = tab.dataset.tab === name;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    $("derivation-panel").setAttribute("aria-labelledby", `tab-${name}`);
    $("tab-hint").textContent = TABS[name].hint;
    // A coin that cannot go with the tab's curve gives way to one that can (or none).
    const family = CURVE_FAMILY[curve()];
    const c = coin();
    if (!c || CURVE_FAMILY[c.curve] !== family) {
      const fit = coins.find((x) => CURVE_FAMILY[x.curve] === family);
      $("coin").value = fit ? fit.coin : "";
    }
    if (options.coin !== undefined) $("coin").value = options.coin;
    // BIP-49/84/86 take a coin with the tab's address type (Bitcoin's, Litecoin's, …).
    const tabKind = TABS[name].kind;
    if (name !== "bip44" && CURVE_FAMILY[TABS[name].curve] === "secp256k1" && tabKind && !coin()?.addressKinds.includes(tabKind)) $("coin").value = "bitcoin";
    fillNetworkAndKind();
    fillPath(options.path);
  }

  // ---------------------------------------------------------------- keys

  /** Everything derived from the inputs; freed on the next change. */
  let keys = emptyKeys();
  function emptyKeys() {
    return { root: null, parentPriv: null, parentPub: null, accountPriv: null, accountPub: null, descriptor: null, stakeKey: null, path: "m", branch: 0 };
  }
  function freeKeys() {
    for (const name of ["root", "parentPriv", "parentPub", "accountPriv", "accountPub", "descriptor"]) {
      try {
        keys[name]?.free();
      } catch {
        // Already freed (the same object under two names).
      }
    }
    keys = emptyKeys();
  }

  /** The path without its last step, or null at the root. */
  function parentPathOf(path) {
    const steps = path.split("/");
    return steps.length > 1 ? steps.slice(0, -1).join("/") : null;
  }

  function versionFor(tab, net, pub) {
    const v = VERSIONS[(TAB_VERSION[tab] ?? 0) + (net && net !== "mainnet" ? 5 : 0)];
    return pub ? v[0] : v[1];
  }

  /** An extended key's text (in `version`'s family), or why it has none (SLIP-10 ed25519). */
  function keyText(key, version) {
    try {
      return version ? key.toString(version) : key.toString();
    } catch (error) {
      return `(none: ${errorText(error)})`;
    }
  }

  let recomputeTimer = 0;
  /** Recomputes shortly after the last keystroke; the table empties at once, never showing
   * rows of inputs that have changed. */
  function scheduleRecompute() {
    clearTimeout(recomputeTimer);
    replaceRows();
    resetRows();
    clearOutputs();
    setCheck("path-check", "", null);
    recomputeTimer = setTimeout(recompute, 150);
  }

  function clearOutputs() {
    for (const id of ["seed", "root-key", "account-xprv"]) $(id).value = "";
    if (ui.mode === "mnemonic") $("xpub").value = "";
    $("versions-table").tBodies[0].replaceChildren();
    $("descriptors-table").tBodies[0].replaceChildren();
  }

  function recompute() {
    clearTimeout(recomputeTimer);
    replaceRows();
    freeKeys();
    clearOutputs();
    $("suggestions").replaceChildren();
    try {
      if (ui.mode === "watch") computeWatch();
      else if (!computeFromMnemonic()) {
        resetRows();
        return;
      }
    } catch (error) {
      resetRows();
      setCheck(ui.mode === "watch" ? "xpub-check" : "rows-status", errorText(error), false);
      return;
    }
    startRows(true);
  }

  /** The root key of "Seed (hex) or root key": a seed's master key on the tab's curve, or a
   * parsed extended private key. */
  function rootFromText(text) {
    const clean = text.replace(/\s+/g, "");
    if (/^([0-9a-fA-F]{2})+$/.test(clean)) {
      const seed = Uint8Array.from(clean.match(/../g), (h) => parseInt(h, 16));
      try {
        return F.ExtendedPrivateKey.fromSeed(seed, { curve: curve() });
      } finally {
        seed.fill(0);
      }
    }
    return F.ExtendedPrivateKey.parse(clean, { curve: curve() });
  }

  /** Reads the mnemonic (or the seed or root key) and derives the keys; false when there is
   * nothing to show. */
  function computeFromMnemonic() {
    const rootText = $("root-input").value.trim();
    if (rootText) {
      try {
        keys.root = rootFromText(rootText);
      } catch (error) {
        setCheck("mnemonic-check", `Seed or root key: ${errorText(error)}`, false);
        return false;
      }
      setCheck("mnemonic-check", "The seed or root key below is used, not a mnemonic.", null);
      return deriveFromRoot();
    }
    const phrase = $("mnemonic").value.normalize("NFKD").trim();
    if (phrase.length === 0) {
      setCheck("mnemonic-check", "Type a mnemonic or press Generate.", null);
      return false;
    }
    let mnemonic;
    try {
      mnemonic = new F.Mnemonic(phrase);
    } catch (error) {
      setCheck("mnemonic-check", `Invalid mnemonic: ${errorText(error)}`, false);
      showSuggestions(error);
      return false;
    }
    try {
      setCheck("mnemonic-check", `Valid: ${mnemonic.words.length} words, ${mnemonic.language}, checksum correct.`, true);
      const passphrase = $("passphrase").value;
      const shown = !hidePrivate();
      const seed = mnemonic.toSeed(passphrase);
      $("seed").value = shown ? hex(seed) : "(hidden)";
      seed.fill(0);
      keys.root = F.ExtendedPrivateKey.fromMnemonic(mnemonic, { passphrase, curve: curve() });
    } finally {
      mnemonic.free();
    }
    return deriveFromRoot();
  }

  /** From keys.root: the rows' parent, the account key and their public keys. */
  function deriveFromRoot() {
    const shown = !hidePrivate();
    $("root-key").value = shown ? keyText(keys.root) : "(hidden)";
    const path = $("path").value.trim();
    try {
      keys.parentPriv = keys.root.derive(path);
      setCheck("path-check", `Rows: ${path}/${$("start").value || 0}${$("hardened").checked ? "'" : ""}, …`, null);
    } catch (error) {
      setCheck("path-check", `Derivation path: ${errorText(error)}`, false);
      return false;
    }
    keys.path = path;
    const accountPath = parentPathOf(path);
    keys.accountPriv = accountPath === null ? keys.root : keys.root.derive(accountPath);
    try {
      keys.parentPub = keys.parentPriv.toXpub();
      keys.accountPub = keys.accountPriv.toXpub();
    } catch {
      // SLIP-10 ed25519 has no public derivation: rows come from the private key.
    }
    if (ui.tab === "cardano" && keys.accountPub) {
      const stake = keys.accountPriv.derive("2/0");
      keys.stakeKey = stake.publicKey;
      stake.free();
    }
    showAccount();
    return true;
  }

  function showSuggestions(error) {
    const box = $("suggestions");
    if (!error || !Array.isArray(error.suggestions) || error.suggestions.length === 0 || error.position == null) return;
    const label = document.createElement("span");
    label.className = "hint";
    label.textContent = `Word ${error.position + 1}, did you mean:`;
    box.append(label);
    for (const word of error.suggestions) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = word;
      button.addEventListener("click", () => {
        const words = $("mnemonic").value.trim().split(/[\s\u3000]+/);
        words[error.position] = word;
        $("mnemonic").value = words.join(/[\u3000]/.test($("mnemonic").value) ? "\u3000" : " ");
        recompute();
      });
      box.append(button);
    }
  }

  function showAccount() {
    const net = network();
    const secp = curve() === "secp256k1";
    const shown = !hidePrivate();
    if (keys.accountPub) $("xpub").value = keyText(keys.accountPub, secp ? versionFor(ui.tab, net, true) : undefined);
    else $("xpub").value = "(no extended public key on this curve)";
    $("account-xprv").value = shown ? keyText(keys.accountPriv, secp ? versionFor(ui.tab, net, false) : undefined) : "(hidden)";
    setCheck("xpub-check", "", null);

    const versions = $("versions-table").tBodies[0];
    if (secp && keys.accountPub) {
      for (const [pub, priv, script, netName] of VERSIONS) {
        const tr = versions.insertRow();
        tr.insertCell().textContent = `${pub} / ${priv} (${netName})`;
        tr.insertCell().textContent = script;
        tr.insertCell().textContent = keys.accountPub.toString(pub);
        tr.insertCell().textContent = shown ? keys.accountPriv.toString(priv) : "(hidden)";
      }
    }
    const descriptors = $("descriptors-table").tBodies[0];
    // The four standard descriptors of the account number in "Account" (BIP-44/49/84/86 paths).
    const account = intField("account", 0, MAX_INDEX, 0);
    if (secp && coin()?.coin === "bitcoin") {
      const all = F.accountDescriptors(keys.root, { account, network: net });
      for (const [name, multipath] of Object.entries(all)) {
        const bare = multipath.split("#")[0];
        const rows = [["BIP-389 multipath (Sparrow)", multipath]];
        for (const [branch, what] of [["0", "receive (Bitcoin Core)"], ["1", "change (Bitcoin Core)"]]) {
          const d = new F.Descriptor(bare.replace("<0;1>", branch));
          rows.push([what, d.toString()]);
          d.free();
        }
        for (const [form, text] of rows) {
          const tr = descriptors.insertRow();
          tr.insertCell().textContent = name.toUpperCase().replace("BIP", "BIP-");
          tr.insertCell().textContent = form;
          tr.insertCell().textContent = text;
        }
      }
    }
  }

  /** Watch-only: the pasted extended public key or descriptor, the path read from it. */
  function computeWatch() {
    const text = $("xpub").value.trim();
    const path = $("path").value.trim() || "m";
    keys.path = path;
    if (text.includes("(")) {
      keys.descriptor = new F.Descriptor(text);
      const steps = path.split("/");
      if (steps[0] !== "m" || steps.length > 2 || (steps.length === 2 && !/^\d+$/.test(steps[1]))) {
        throw new F.FastBip32Error("a descriptor's rows are m/BRANCH (m/0 receive, m/1 change)", "InvalidArgument");
      }
      keys.branch = steps.length === 2 ? Number(steps[1]) : 0;
      setCheck("xpub-check", `Watch-only descriptor, checksum #${keys.descriptor.checksum}, ${keys.descriptor.branchCount} branch(es).`, true);
      return;
    }
    let key;
    try {
      key = F.ExtendedPublicKey.parse(text);
    } catch (error) {
      key = F.ExtendedPublicKey.parse(text, { curve: "ed25519-bip32" });
    }
    keys.accountPub = key;
    keys.parentPub = path === "m" ? key : key.derive(path);
    if (key.curve !== "secp256k1") {
      try {
        const stake = key.derive("2/0");
        keys.stakeKey = stake.publicKey;
        stake.free();
      } catch {
        keys.stakeKey = null;
      }
    }
    setCheck("xpub-check", `Watch-only: ${key.versionName ?? key.curve} key at depth ${key.depth}; no private keys.`, true);
  }

  // ---------------------------------------------------------------- rows

  const rows = { first: 0, addresses: [], hardened: false, path: "m", kind: "", running: null };

  function resetRows() {
    rows.first = 0;
    rows.addresses = [];
    render(true);
    $("rows-status").textContent = "";
  }

  /** Stops the job; "Stop" keeps its rows and says where it stopped, a new job replaces it. */
  function stopRows() {
    const job = rows.running;
    if (job) job.abort();
  }
  function replaceRows() {
    const job = rows.running;
    rows.running = null;
    if (job) job.abort();
  }

  function addressOptions() {
    const c = coin();
    const options = { kind: $("kind").value || undefined, network: network() };
    if (options.kind === "cardano-base") options.stakeKey = keys.stakeKey || undefined;
    if (c) options.coin = c.coin;
    return options;
  }

  /** Starts (reset) or extends ("More rows") the table. */
  async function startRows(reset) {
    if (rows.running) return;
    const count = intField("rows", 1, MAX_ROWS, 20);
    if (reset) {
      rows.first = intField("start", 0, MAX_INDEX, 0);
      rows.addresses = [];
      rows.hardened = $("hardened").checked;
      rows.path = keys.path;
      rows.kind = $("kind").value;
      $("table-scroll").scrollTop = 0;
    }
    const from = rows.first + rows.addresses.length;
    // At most MAX_ROWS in the table (the browser's tallest scrollable box holds about that many
    // rows), and no index past 2^31 - 1.
    const total = Math.min(count, MAX_INDEX - from + 1, MAX_ROWS - rows.addresses.length);
    if (total <= 0) {
      $("rows-status").textContent = from > MAX_INDEX ? "The last index is 2,147,483,647." : `The table holds at most ${MAX_ROWS.toLocaleString("en")} rows: set "Start index" to go further.`;
      return;
    }
    const controller = new AbortController();
    rows.running = controller;
    setBusy(true);
    const started = performance.now();
    const target = rows.addresses.length + total;
    const progress = () => {
      $("rows-progress").value = rows.addresses.length / target;
      $("rows-status").textContent = `${rows.addresses.length.toLocaleString("en")} of ${target.toLocaleString("en")} rows…`;
      render(false);
    };
    try {
      await produce(from, total, controller.signal, (batch) => {
        for (const a of batch) rows.addresses.push(a);
        progress();
      });
      const seconds = (performance.now() - started) / 1000;
      $("rows-status").textContent = `${rows.addresses.length.toLocaleString("en")} rows (${total.toLocaleString("en")} in ${seconds.toFixed(2)} s).`;
    } catch (error) {
      // A job stopped because a new one replaced it says nothing.
      const current = rows.running === controller;
      if (current && controller.signal.aborted) $("rows-status").textContent = `Stopped at ${rows.addresses.length.toLocaleString("en")} rows.`;
      else if (current) $("rows-status").textContent = `Error: ${errorText(error)}`;
    } finally {
      if (rows.running === controller) rows.running = null;
      if (rows.running === null) setBusy(false);
      render(true);
    }
  }

  function setBusy(busy) {
    $("more").disabled = busy;
    $("stop").disabled = !busy;
    $("rows-progress").hidden = !busy;
  }

  /** Computes the addresses from..from+count-1, handing them to onBatch in order. */
  async function produce(from, count, signal, onBatch) {
    const options = addressOptions();
    const hasAddress = Boolean(options.kind || options.coin) || keys.descriptor;
    if (keys.descriptor) {
      await pool.addresses(keys.descriptor, from, count, { branch: keys.branch, network: options.network, chunkSize: 2000, signal, onChunk: onBatch });
      return;
    }
    if (!hasAddress) {
      for (let at = 0; at < count; at += 5000) {
        if (signal.aborted) throw new Error("aborted");
        onBatch(new Array(Math.min(5000, count - at)).fill(""));
        await nextTick();
      }
      return;
    }
    if (keys.parentPub && !rows.hardened) {
      // Small tables on this thread (no worker start-up); large ones on the pool.
      if (count <= 500) {
        onBatch(keys.parentPub.addresses(from, count, options));
        return;
      }
      await pool.addresses(keys.parentPub, from, count, { ...options, chunkSize: 2000, signal, onChunk: onBatch });
      return;
    }
    // Hardened rows, and curves without public derivation: from the private key, in slices.
    for (let at = 0; at < count; at += 250) {
      if (signal.aborted) throw new Error("aborted");
      const n = Math.min(250, count - at);
      const publicKeys = keys.parentPriv.derivePublicKeys(from + at, n, { hardened: rows.hardened });
      onBatch(publicKeys.map((pk) => F.address(options.kind, pk, options)));
      await nextTick();
    }
  }

  // ---- the table, virtualised: a spacer row above and below the rows in view.

  let rowHeight = 0;
  let renderQueued = false;
  /** Draws the table now (`immediately`) or at the next frame, once per frame. */
  function render(immediately) {
    if (immediately) return draw();
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => {
      renderQueued = false;
      draw();
    });
  }

  function rowPath(i) {
    return `${rows.path}/${rows.first + i}${rows.hardened ? "'" : ""}`;
  }

  /** Public keys (hex) of rows i..i+n-1, or "" where there are none. */
  function publicKeysOf(i, n) {
    try {
      if (keys.descriptor) return new Array(n).fill("");
      const first = rows.first + i;
      const list = keys.parentPub && !rows.hardened ? keys.parentPub.derivePublicKeys(first, n) : keys.parentPriv ? keys.parentPriv.derivePublicKeys(first, n, { hardened: rows.hardened }) : [];
      return list.length === n ? list.map(hex) : new Array(n).fill("");
    } catch {
      return new Array(n).fill("");
    }
  }

  /** The drawn window's public keys, kept while the rows and the window stay the same (a
   * redraw for each batch that streams in then derives nothing). */
  const drawn = { rows: null, first: -1, top: -1, end: -1, hardened: false, publicKeys: [] };
  function windowPublicKeys(top, end) {
    const same = drawn.rows === rows.addresses && drawn.first === rows.first && drawn.hardened === rows.hardened && drawn.top === top && drawn.end === end;
    if (!same) Object.assign(drawn, { rows: rows.addresses, first: rows.first, hardened: rows.hardened, top, end, publicKeys: publicKeysOf(top, end - top) });
    return drawn.publicKeys;
  }

  /** The private key of row i, as its coin writes it (WIF for Bitcoin, hex otherwise). */
  function privateKeyOf(i) {
    if (!keys.parentPriv) return "";
    const child = keys.parentPriv.derive(`${rows.first + i}${rows.hardened ? "'" : ""}`);
    try {
      const c = coin();
      if (child.curve === "secp256k1" && c && c.coin === "bitcoin") return child.wif({ network: network() });
      const bytes = child.privateKey;
      if (child.curve === "ed25519" && c && c.coin === "solana") {
        // Solana's keypair text (what its wallets import): base58 of the key and its public key.
        const pair = new Uint8Array(64);
        pair.set(bytes);
        pair.set(child.publicKey, 32);
        bytes.fill(0);
        const text = base58(pair);
        pair.fill(0);
        return text;
      }
      const text = (c && c.coin === "ethereum" ? "0x" : "") + hex(bytes);
      bytes.fill(0);
      return text;
    } finally {
      child.free();
    }
  }

  function draw() {
    const body = $("rows-body");
    const scroller = $("table-scroll");
    const total = rows.addresses.length;
    $("address-table").setAttribute("aria-rowcount", String(total + 1));
    if (total === 0) {
      body.replaceChildren();
      return;
    }
    // Every row is --row tall (whole pixels, so that the spacers and the rows add up exactly).
    if (rowHeight === 0) rowHeight = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--row")) || 30;
    const head = $("address-table").tHead.offsetHeight || rowHeight;
    const inView = Math.ceil(scroller.clientHeight / rowHeight) + 1;
    const overscan = 10;
    const top = Math.max(0, Math.floor(Math.max(0, scroller.scrollTop - head) / rowHeight) - overscan);
    const end = Math.min(total, top + inView + 2 * overscan);
    const publicKeys = windowPublicKeys(top, end);
    const showing = privateShown() && keys.parentPriv !== null;
    const fragment = document.createDocumentFragment();
    const spacer = (height) => {
      const tr = document.createElement("tr");
      tr.className = "spacer";
      tr.setAttribute("aria-hidden", "true");
      const td = tr.insertCell();
      td.colSpan = 4;
      tr.style.height = `${height}px`;
      return tr;
    };
    if (top > 0) fragment.append(spacer(top * rowHeight));
    for (let i = top; i < end; i++) {
      const tr = document.createElement("tr");
      tr.setAttribute("aria-rowindex", String(i + 2));
      tr.insertCell().textContent = rowPath(i);
      tr.insertCell().textContent = rows.addresses[i] || "—";
      tr.insertCell().textContent = publicKeys[i - top] || "—";
      const cell = tr.insertCell();
      if (showing) cell.textContent = privateKeyOf(i);
      else {
        cell.textContent = keys.parentPriv ? "hidden" : "—";
        cell.className = "hidden-key";
      }
      fragment.append(tr);
    }
    if (end < total) fragment.append(spacer((total - end) * rowHeight));
    body.replaceChildren(fragment);
  }

  // ---------------------------------------------------------------- export

  async function exportRows(format) {
    const n = rows.addresses.length;
    const table = rows.addresses;
    const withPrivate = privateShown() && keys.parentPriv !== null;
    const inputs = {
      scheme: ui.mode === "watch" ? "watch-only" : $(`tab-${ui.tab}`).textContent,
      curve: ui.mode === "watch" ? undefined : curve(),
      coin: coin()?.coin ?? null,
      network: network() ?? null,
      addressType: $("kind").value || null,
      derivationPath: rows.path,
      accountExtendedPublicKey: $("xpub").value || null,
      startIndex: rows.first,
      rows: n,
      hardened: rows.hardened,
      privateKeys: withPrivate,
    };
    const out = [];
    // Smaller slices with private keys (one derivation each), so that the page keeps answering.
    const slice = withPrivate ? 200 : 1000;
    for (let at = 0; at < n; at += slice) {
      // Inputs changed while exporting: the rows left are of other keys.
      if (rows.addresses !== table) {
        $("rows-status").textContent = "Export stopped: the inputs changed.";
        return;
      }
      const m = Math.min(slice, n - at);
      const publicKeys = publicKeysOf(at, m);
      for (let k = 0; k < m; k++) {
        const i = at + k;
        out.push({ path: rowPath(i), address: rows.addresses[i], publicKey: publicKeys[k], privateKey: withPrivate ? privateKeyOf(i) : "" });
      }
      $("rows-status").textContent = `Exporting: ${out.length.toLocaleString("en")} of ${n.toLocaleString("en")} rows…`;
      await nextTick();
    }
    if (format === "json") {
      download("fastbip32-rows.json", "application/json", `${JSON.stringify({ inputs, rows: out }, null, 1)}\n`);
    } else {
      const quote = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v ?? ""));
      const lines = Object.entries(inputs).map(([k, v]) => `# ${k}: ${v ?? ""}`);
      lines.push("path,address,public_key,private_key");
      for (const r of out) lines.push([r.path, r.address, r.publicKey, r.privateKey].map(quote).join(","));
      download("fastbip32-rows.csv", "text/csv", `${lines.join("\n")}\n`);
    }
    $("rows-status").textContent = `Exported ${n.toLocaleString("en")} rows as ${format.toUpperCase()}.`;
  }

  // ---------------------------------------------------------------- find, decode, entropy

  async function findIndex() {
    const wanted = $("find-address").value.trim();
    const limit = intField("find-limit", 1, 10000000, 100000);
    if (!wanted) return setCheck("find-result", "Type an address.", false);
    const known = rows.addresses.indexOf(wanted);
    if (known >= 0) return setCheck("find-result", `Found: row ${rowPath(known)} (index ${rows.first + known}).`, true);
    const source = keys.descriptor || (!rows.hardened && keys.parentPub);
    if (!source) return setCheck("find-result", "Searching needs an extended public key or a descriptor (normal rows).", false);
    const controller = new AbortController();
    let found = -1;
    setCheck("find-result", `Searching indexes 0 to ${limit - 1}…`, null);
    const options = keys.descriptor ? { branch: keys.branch, network: network() } : addressOptions();
    try {
      await pool.addresses(source, 0, limit, {
        ...options,
        chunkSize: 5000,
        signal: controller.signal,
        onChunk: (batch, first) => {
          const at = batch.indexOf(wanted);
          if (at >= 0 && found < 0) {
            found = first + at;
            controller.abort();
          } else setCheck("find-result", `Searching… ${(first + batch.length).toLocaleString("en")} of ${limit.toLocaleString("en")}`, null);
        },
      });
    } catch (error) {
      if (!controller.signal.aborted) return setCheck("find-result", `Error: ${errorText(error)}`, false);
    }
    if (found >= 0) setCheck("find-result", `Found at index ${found}: ${keys.path}/${found}.`, true);
    else setCheck("find-result", `Not among the first ${limit.toLocaleString("en")} children of ${keys.path}.`, false);
  }

  function decode() {
    const text = $("decode-address").value.trim();
    try {
      const d = F.decodeAddress(text);
      const lines = [
        `type: ${d.type}`,
        `network: ${d.network ?? "—"}`,
        `witness version: ${d.witnessVersion ?? "—"}`,
        `payload: ${hex(d.payload)}`,
        `scriptPubKey: ${d.scriptPubKey ? hex(d.scriptPubKey) : "—"}`,
      ];
      if (d.paymentCredential) lines.push(`payment credential: ${d.paymentCredential}`, `stake credential: ${d.stakeCredential ?? "—"}`);
      $("decode-result").textContent = lines.join("\n");
    } catch (error) {
      $("decode-result").textContent = `Not an address: ${errorText(error)}`;
    }
  }

  // ---------------------------------------------------------------- recover

  let recovering = null;
  /** Seconds as "1 h 2 min", "3 min 4 s" or "5 s". */
  function duration(seconds) {
    const s = Math.round(seconds);
    if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
    if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
    return `${s} s`;
  }

  async function recoverWallet() {
    const template = $("recover-template").value.trim();
    const address = $("recover-address").value.trim();
    if (!template || !address) return setCheck("recover-status", "Type the remembered phrase and a known address.", false);
    const controller = new AbortController();
    recovering?.abort();
    recovering = controller;
    $("recover").disabled = true;
    $("recover-stop").disabled = false;
    $("recover-result").textContent = "";
    const bar = $("recover-progress");
    bar.value = 0;
    setCheck("recover-status", "Starting the search…", null);
    const passphrase = $("recover-passphrase").value;
    try {
      const found = await F.recover({
        mnemonic: template,
        missing: intField("recover-missing", 0, 3, 0),
        gap: intField("recover-gap", 1, 65536, 20),
        address,
        passphrase: passphrase || undefined,
        workers: poolSize,
        createWorker: createRecoverWorker,
        signal: controller.signal,
        onProgress: (p) => {
          const share = p.total > 0n ? Number((p.examined * 10000n) / p.total) / 10000 : 0;
          bar.value = share;
          const eta = p.eta === null ? "" : `, about ${duration(p.eta)} left`;
          setCheck(
            "recover-status",
            `Searched ${p.examined.toLocaleString("en")} of ${p.total.toLocaleString("en")} candidates (${(share * 100).toFixed(1)}%)${eta}.`,
            null,
          );
        },
      });
      bar.value = 1;
      if (found) {
        setCheck("recover-status", `Found at ${found.path}.`, true);
        $("recover-result").textContent = [
          `mnemonic: ${found.mnemonic}`,
          `passphrase: ${found.passphrase === "" ? "(none)" : found.passphrase}`,
          `path: ${found.path}`,
          `address: ${found.address ?? "—"}`,
        ].join("\n");
      } else setCheck("recover-status", "No phrase of the template matches the address.", false);
    } catch (error) {
      if (controller.signal.aborted) setCheck("recover-status", "Stopped.", false);
      else setCheck("recover-status", `Error: ${errorText(error)}`, false);
    } finally {
      if (recovering === controller) {
        recovering = null;
        $("recover").disabled = false;
        $("recover-stop").disabled = true;
      }
    }
  }

  const CARD = /^(A|[2-9]|T|10|J|Q|K)([CDHS])$/;
  async function useEntropy() {
    const kind = $("entropy-kind").value;
    const text = $("entropy").value.trim();
    const language = $("language").value;
    try {
      let entropy;
      if (kind === "hex") {
        const clean = text.replace(/\s+/g, "").toLowerCase();
        if (!/^[0-9a-f]*$/.test(clean) || clean.length % 2 !== 0) throw new Error("hex digits only, an even number");
        entropy = Uint8Array.from(clean.match(/../g) || [], (h) => parseInt(h, 16));
      } else {
        let symbols;
        let bitsEach;
        if (kind === "dice") {
          symbols = text.replace(/\s+/g, "");
          if (!/^[1-6]*$/.test(symbols)) throw new Error("dice rolls are the digits 1 to 6");
          symbols = [...symbols];
          bitsEach = Math.log2(6);
        } else {
          symbols = text.toUpperCase().split(/[\s,]+/).filter(Boolean);
          for (const card of symbols) if (!CARD.test(card)) throw new Error(`"${card}" is not a card (AS, 2H, …, TC or 10C, KD)`);
          symbols = symbols.map((c) => c.replace(/^10/, "T"));
          bitsEach = Math.log2(52);
        }
        const bits = Math.floor(symbols.length * bitsEach);
        if (bits < 128) throw new Error(`${symbols.length} ${kind === "dice" ? "rolls" : "cards"} hold ${bits} bits; a mnemonic needs 128 (50 rolls, or 23 cards)`);
        const bytes = (Math.floor(Math.min(bits, 256) / 32) * 32) / 8;
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${kind}:${symbols.join(kind === "dice" ? "" : " ")}`)));
        entropy = digest.slice(0, bytes);
        digest.fill(0);
      }
      const mnemonic = F.Mnemonic.fromEntropy(entropy, { language });
      entropy.fill(0);
      $("mnemonic").value = mnemonic.phrase;
      $("root-input").value = "";
      setCheck("entropy-check", `${mnemonic.words.length} words from ${kind === "hex" ? "the hex entropy" : `the SHA-256 of the ${kind}`}.`, true);
      mnemonic.free();
      enterMnemonicMode();
      recompute();
    } catch (error) {
      setCheck("entropy-check", `Entropy: ${errorText(error)}`, false);
    }
  }

  // ---------------------------------------------------------------- events

  function enterMnemonicMode() {
    if (ui.mode === "mnemonic") return;
    ui.mode = "mnemonic";
    $("leave-watch").hidden = true;
    setCheck("xpub-check", "", null);
    selectTab(ui.tab);
  }

  /** After "Hide private data" changes: the seed, root and account keys again, or their
   * "(hidden)" placeholders, without touching the rows. */
  function refillPrivateFields() {
    if (ui.mode !== "mnemonic" || !keys.root) return;
    const shown = !hidePrivate();
    $("root-key").value = shown ? keyText(keys.root) : "(hidden)";
    let mnemonic = null;
    // A seed or root key typed in has no BIP-39 seed to show.
    if (!$("root-input").value.trim()) {
      try {
        mnemonic = new F.Mnemonic($("mnemonic").value.normalize("NFKD").trim());
        const seed = mnemonic.toSeed($("passphrase").value);
        $("seed").value = shown ? hex(seed) : "(hidden)";
        seed.fill(0);
      } catch {
        // The mnemonic is being edited: its recomputation fills the fields.
      } finally {
        mnemonic?.free();
      }
    }
    $("versions-table").tBodies[0].replaceChildren();
    $("descriptors-table").tBodies[0].replaceChildren();
    if (keys.accountPriv) showAccount();
  }

  function applyPrivacy() {
    document.body.classList.toggle("hide-private", hidePrivate());
    $("show-private").disabled = hidePrivate();
    $("show-private").title = hidePrivate() ? "Turn off \"Hide private data\" first" : "";
  }

  function wire() {
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      tab.addEventListener("click", () => {
        $("preset").value = "";
        enterMnemonicMode();
        selectTab(tab.dataset.tab);
        recompute();
      });
      tab.addEventListener("keydown", (event) => {
        const all = [...document.querySelectorAll('[role="tab"]')];
        const at = all.indexOf(tab);
        const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
        if (step) {
          const next = all[(at + step + all.length) % all.length];
          next.focus();
          next.click();
        }
      });
    }
    $("generate").addEventListener("click", () => {
      const words = Number($("words").value);
      const mnemonic = F.Mnemonic.generate({ words, language: $("language").value });
      $("mnemonic").value = mnemonic.phrase;
      $("root-input").value = "";
      mnemonic.free();
      enterMnemonicMode();
      recompute();
    });
    $("mnemonic").addEventListener("input", () => {
      $("root-input").value = "";
      enterMnemonicMode();
      scheduleRecompute();
    });
    $("root-input").addEventListener("input", () => {
      enterMnemonicMode();
      scheduleRecompute();
    });
    $("passphrase").addEventListener("input", scheduleRecompute);
    $("coin").addEventListener("change", () => {
      $("preset").value = "";
      const c = coin();
      const family = CURVE_FAMILY[curve()];
      const tabKind = TABS[ui.tab].kind;
      // A coin that does not fit the tab (another curve, or not the tab's address type) takes
      // its own tab.
      if (c && (CURVE_FAMILY[c.curve] !== family || (tabKind && !c.addressKinds.includes(tabKind)))) selectTab(naturalTab(c), { coin: c.coin });
      else {
        fillNetworkAndKind();
        if (ui.tab !== "bip32") fillPath();
      }
      recompute();
    });
    $("network").addEventListener("change", () => {
      if (ui.tab !== "bip32" && ui.mode === "mnemonic") fillPath();
      recompute();
    });
    for (const id of ["account", "change"]) {
      $(id).addEventListener("change", () => {
        if (ui.tab !== "bip32") fillPath();
        recompute();
      });
    }
    $("kind").addEventListener("change", recompute);
    $("preset").addEventListener("change", () => {
      if ($("preset").value === "") return;
      const p = PRESETS[Number($("preset").value)];
      if (p.curve) ui.cardanoCurve = p.curve;
      enterMnemonicMode();
      selectTab(p.tab, { coin: p.coin, path: p.path });
      if (p.kind) $("kind").value = p.kind;
      if (p.hardened) $("hardened").checked = true;
      recompute();
    });
    $("path").addEventListener("input", scheduleRecompute);
    $("hardened").addEventListener("change", recompute);
    let rowsTimer = 0;
    for (const id of ["start", "rows"]) {
      $(id).addEventListener("input", () => {
        clearTimeout(rowsTimer);
        rowsTimer = setTimeout(startRowsFresh, 400);
      });
      $(id).addEventListener("change", () => {
        clearTimeout(rowsTimer);
        startRowsFresh();
      });
    }
    $("more").addEventListener("click", () => startRows(false));
    $("stop").addEventListener("click", stopRows);
    $("xpub").addEventListener("input", () => {
      const text = $("xpub").value.trim();
      if (text.length === 0) return;
      if (ui.mode !== "watch") {
        ui.mode = "watch";
        $("leave-watch").hidden = false;
        $("path").value = "m/0";
        $("account-xprv").value = "";
        for (const id of ["seed", "root-key"]) $(id).value = "";
      }
      scheduleRecompute();
    });
    $("leave-watch").addEventListener("click", () => {
      enterMnemonicMode();
      recompute();
    });
    $("hide-private").addEventListener("change", () => {
      applyPrivacy();
      refillPrivateFields();
      render(true);
    });
    $("show-private").addEventListener("click", () => {
      ui.showPrivate = !ui.showPrivate;
      $("show-private").setAttribute("aria-pressed", String(ui.showPrivate));
      $("show-private").textContent = ui.showPrivate ? "Hide private keys" : "Show private keys";
      render(true);
    });
    $("table-scroll").addEventListener("scroll", () => render(false), { passive: true });
    window.addEventListener("resize", () => render(false));
    $("export-csv").addEventListener("click", () => exportRows("csv"));
    $("export-json").addEventListener("click", () => exportRows("json"));
    $("find").addEventListener("click", findIndex);
    $("decode").addEventListener("click", decode);
    $("recover").addEventListener("click", recoverWallet);
    $("recover-stop").addEventListener("click", () => recovering?.abort());
    $("use-entropy").addEventListener("click", useEntropy);
  }

  /** A new "Start index" or "Rows": the table again, from keys of the current inputs. */
  function startRowsFresh() {
    recompute();
  }

  async function main() {
    // On a screen wide enough to be shared (a desktop, a projector), private data starts hidden.
    $("hide-private").checked = window.matchMedia("(min-width: 64rem)").matches;
    const connection = () => {
      $("online-warning").hidden = !navigator.onLine;
    };
    window.addEventListener("online", connection);
    window.addEventListener("offline", connection);
    connection();
    applyPrivacy();
    wire();
    try {
      await loadModule();
    } catch (error) {
      $("load-status").textContent = `The WebAssembly module did not load: ${errorText(error)}`;
      return;
    }
    coins = F.coins().filter((c) => CURVE_FAMILY[c.curve] !== undefined);
    fillCoins();
    selectTab("bip84");
    $("about").textContent = `fastbip32 ${F.version()}, WebAssembly; ${poolSize} worker${poolSize === 1 ? "" : "s"} for large tables. No network, no storage.`;
    $("load-status").textContent = "Ready.";
    document.body.dataset.ready = "true";
    if ($("mnemonic").value.trim()) recompute();
  }

  main();
})();
