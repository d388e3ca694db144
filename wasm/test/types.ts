// Type-checked by `tsc -p test/tsconfig.json` (typecheck.test.js): every export used as the
// declarations say, and a few misuses the declarations must refuse.
import {
  Descriptor,
  DescriptorError,
  ExtendedPrivateKey,
  ExtendedPublicKey,
  FastBip32Error,
  Mnemonic,
  MnemonicError,
  PathError,
  WorkerPool,
  recover,
  type RecoverProgress,
  type Recovered,
  accountDescriptors,
  address,
  coins,
  curves,
  decodeAddress,
  suggest,
  version,
  type Coin,
  type DecodedAddress,
} from "fastbip32";
import { initialize } from "fastbip32/core";
import { runTask, serveTasks } from "fastbip32/task";
import { fromWebWorker } from "fastbip32/pool";
import { serveRecoverTasks } from "fastbip32/recover-task";
import * as fast from "fastbip32/fast";

const seed: Uint8Array = new Uint8Array(16);
const master: ExtendedPrivateKey = ExtendedPrivateKey.fromSeed(seed, { curve: "secp256k1" });
const fromPhrase = ExtendedPrivateKey.fromMnemonic("abandon", { passphrase: "", curve: "cardano-icarus", language: "english" });
const fromObject = ExtendedPrivateKey.fromMnemonic(Mnemonic.generate({ words: 24, language: "japanese" }));
const parsed = ExtendedPrivateKey.parse("xprv…", { curve: "nist256p1" });
const child: ExtendedPrivateKey = master.derive("m/84'/0'/0'");
const fields: [number, number, number, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, string | undefined] = [
  child.depth,
  child.childNumber,
  child.depth,
  child.fingerprint,
  child.parentFingerprint,
  child.chainCode,
  child.publicKey,
  child.privateKey,
  child.versionName,
];
const texts: string[] = [child.toString(), child.toString("zprv"), child.wif({ network: "testnet" }), child.address("p2wpkh", { network: "mainnet" }), child.address(undefined, { coin: "ethereum" })];
const keys: Uint8Array[] = [...child.derivePrivateKeys(0, 2, { hardened: true }), ...child.derivePublicKeys(0, 2)];
const xpub: ExtendedPublicKey = child.toXpub();
const xpub2: ExtendedPublicKey = ExtendedPublicKey.parse("xpub…").derive("0");
const addresses: string[] = xpub.addresses(0, 10, { kind: "p2tr", network: "testnet", coin: "bitcoin" });
const pubs: Uint8Array[] = xpub2.derivePublicKeys(0, 5);
const d = new Descriptor("wpkh(…)");
const out: [string[], Uint8Array[], string, number, boolean] = [d.addresses(0, 5, { branch: 1 }), d.scriptPubKeys(0, 5), d.checksum, d.branchCount, d.isRanged];
const accounts: { bip44: string; bip84: string } = accountDescriptors(master, { account: 1, network: "testnet" });
const m = new Mnemonic("abandon …", { language: "english" });
const mnemonicParts: [Uint8Array, Uint8Array, string[], string, string] = [m.entropy, m.toSeed("pass"), m.words, m.phrase, m.language];
const suggestions: string[] = suggest("abuot", { language: "english" });
const a: string = address("p2wpkh", new Uint8Array(33), { network: "regtest" });
const decoded: DecodedAddress = decodeAddress(a);
const witness: number | null = decoded.witnessVersion;
const coinList: Coin[] = coins();
const names: string[] = [version(), ...curves(), ...coinList.map((c) => c.coin), ...coinList.flatMap((c) => c.paths.map((p) => p.series))];
const litecoin: string = child.address("p2sh-p2wpkh", { coin: "LTC" });

try {
  master.derive("x");
} catch (e) {
  if (e instanceof PathError) console.log(e.kind, e.segment, e.position);
  if (e instanceof MnemonicError) console.log(e.position, e.suggestions.join());
  if (e instanceof DescriptorError) console.log(e.position, e.key);
  if (e instanceof FastBip32Error) console.log(e.kind, e.message);
}

const pool = new WorkerPool({ size: 2 });
const batch: Promise<string[]> = pool.addresses(xpub, 0, 100_000, {
  kind: "p2wpkh",
  chunkSize: 10_000,
  onChunk: (chunk: string[], first: number) => console.log(chunk.length, first),
  signal: new AbortController().signal,
});
pool.terminate();

initialize(new Uint8Array(0));
runTask({}, { op: "addresses", source: { type: "descriptor", text: "…" }, start: 0, count: 1 });
fromWebWorker({} as Worker);
serveTasks({ postMessage() {}, addEventListener() {} }, Promise.resolve({}));

const recovering: Promise<Recovered | null> = recover({
  mnemonic: "ozone drill grab fiber curtain ? pudding thank cruise elder eight picnic",
  address: ["bc1qer888v94n9fgqakzlaxre80n3mmzyfz959z8fk"],
  gap: 4,
  change: "receive",
  shard: "1/2",
  signal: new AbortController().signal,
  onProgress: (p: RecoverProgress) => console.log(p.examined + 1n, p.total, p.eta ?? "-", p.rate),
});
recovering.then((r) => r && console.log(r.path, r.candidate + 1n, r.addressIndex, r.matched));
recover({ mnemonic: "^ozone ^drill grab fiber +zoo", unordered: true, passphrase: "trezor", passphraseRules: ["case", "digits:0-2"], seed: "bip39", address: "bc1q…" });
recover({ mnemonic: "?", passphrase: "TREZ?u?u", passphraseRules: "mask", seed: "electrum", address: "1…" });
serveRecoverTasks({ postMessage() {} , on() {} }, Promise.resolve({}));
pool.task({ op: "plan" }, { onProgress: () => {} });

// fastbip32/fast: the same declarations, so its values are the main entry's types.
const fastKey: ExtendedPrivateKey = fast.ExtendedPrivateKey.fromMnemonic("abandon", { language: "english" });
const fastAddresses: Promise<string[]> = new fast.WorkerPool({ size: 1 }).addresses(fastKey.toXpub(), 0, 2);
const fastRecovered: Promise<Recovered | null> = fast.recover({ mnemonic: "?", address: "bc1q…" });

for (const k of [master, fromPhrase, fromObject, parsed, child, fastKey]) k.free();
xpub.free();
d.free();
m.free();

// Misuses the declarations refuse.
// @ts-expect-error: the constructor is private
new ExtendedPrivateKey();
// @ts-expect-error: a seed is a Uint8Array, not hex text
ExtendedPrivateKey.fromSeed("000102");
// @ts-expect-error: an unknown curve name
ExtendedPrivateKey.fromSeed(seed, { curve: "secp256r2" });
// @ts-expect-error: the template is required
recover({ address: "bc1q…" });
// @ts-expect-error: an unknown chain
recover({ mnemonic: "?", change: "internal" });
// @ts-expect-error: a seed kind the search does not take
recover({ mnemonic: "?", seed: "slip39" });
// @ts-expect-error: unordered is a boolean
recover({ mnemonic: "?", unordered: "yes" });
// @ts-expect-error: a coin is its slug or symbol, not its SLIP-44 number
xpub.addresses(0, 1, { coin: 60 });
// @ts-expect-error: privateKey is read-only
child.privateKey = new Uint8Array(32);

export { fields, texts, keys, addresses, pubs, out, accounts, mnemonicParts, suggestions, witness, names, batch, litecoin, fastAddresses, fastRecovered };
