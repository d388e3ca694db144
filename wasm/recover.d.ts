// Types of js/recover.js (recover(), exported by the package's main entry) and of
// `fastbip32/recover-task` (js/recover-task.js: what a recover worker runs).
import type { PoolWorker } from "./pool.js";

/** How far a search has come: counts only, never a candidate. */
export interface RecoverProgress {
  /** Candidate indices examined (valid or not). */
  examined: bigint;
  /** The indices the search covers (the shard's, with `shard`). */
  total: bigint;
  /** Of those examined, the candidates that passed the BIP-39 checksum. */
  passed: number;
  /** Seconds since the search began. */
  elapsed: number;
  /** Indices examined per second. */
  rate: number;
  /** Seconds left at that rate (`null` before any progress). */
  eta: number | null;
}

/** The options of `recover`: the command line's `recover` flags in camelCase, and the run's. */
export interface RecoverOptions {
  /** The phrase as remembered: words, `?` (unknown word), `{a,b,c}` (one of a list), `ab*`
   * (a word with that prefix). A secret. */
  mnemonic: string;
  /** Words left out, at unknown positions (default 0). */
  missing?: number;
  /** Given words that may be wrong (default 0). */
  typos?: number;
  /** Transpositions of adjacent words (default 0). */
  swaps?: number;
  /** The words are known, their order is not (`--unordered`): in `mnemonic`, `^word` keeps its
   * place and `+word` is an extra word that may take the place of one not marked `^` (at most
   * 2^40 orders; not with `missing`, `typos` or `swaps`). */
  unordered?: boolean;
  /** The phrase length: 12, 15, 18, 21 or 24. */
  length?: number;
  /** The word list (`english`, `japanese`, …). */
  language?: string;
  /** The kind of phrase (`--seed`): `bip39` (default), or `electrum`, an Electrum v2 standard
   * or segwit seed (its version hash in place of the checksum, Electrum's seed and its paths
   * `m/0/*`, `m/1/*` and `m/0'/0/*`, `m/0'/1/*`; Bitcoin only). */
  seed?: "bip39" | "electrum";
  /** The BIP-39 passphrase (the Icarus one for Cardano). */
  passphrase?: string;
  /** Passphrases to try, in order (not with `passphrase`). */
  passphrases?: string | string[];
  /** Variants of `passphrase` (the base; empty if not given) to try (`--passphrase-rule`): the
   * command line's text (`"case,digits:0-2"`; `"mask"` reads `passphrase` as a hashcat-style
   * mask with `?l`, `?u`, `?d`, `?s`, `?a`, `??`), or its items as an array (`["case",
   * "digits:0-2"]`): `case`, `subst`, `typos:N`, `alphabet:SPEC`, `digits:A-B`, `years:A-B`.
   * Not with `passphrases`. A bad rule rejects with kind `InvalidRule`, `InvalidMaskClass`, …. */
  passphraseRules?: string | string[];
  /** Addresses of the wallet. */
  address?: string | string[];
  /** More addresses of the wallet. */
  addresses?: string[];
  /** Extended public keys of the wallet, compared at their depth and child number. */
  xpub?: string | string[];
  /** Master key fingerprints (8 hex digits). */
  fingerprint?: string | string[];
  /** Single-key output descriptors with a key origin. */
  descriptor?: string | string[];
  /** `bitcoin`, `ethereum`, `solana`, `cardano` (default: the addresses' coin, else bitcoin). */
  coin?: string;
  /** Accounts 0 … N−1 of the standard paths (default 1). */
  accounts?: number;
  /** Address indices 0 … N−1 (default 20). */
  gap?: number;
  /** Paths to derive instead of the standard ones, `*` for the gap index. */
  path?: string | string[];
  /** The chains of the standard paths (default both). */
  change?: "receive" | "change" | "both";
  /** Shard `"K/N"` of the candidate space. */
  shard?: string;
  /** Aborts the search: the promise rejects with a `FastBip32Error` of kind `Aborted`. */
  signal?: AbortSignal;
  /** Called as the workers report (a few times a second). */
  onProgress?: (progress: RecoverProgress) => void;
  /** Workers (default: the number of cores, at most 8). */
  workers?: number;
  /** Candidate indices per task (default 4,096). */
  chunkSize?: number;
  /** Makes a worker that serves recover tasks (default: the package's recover-worker.js). */
  createWorker?: () => PoolWorker | Promise<PoolWorker>;
}

/** A match, as the command line's `--json` record. */
export interface Recovered {
  /** The phrase found. A secret. */
  mnemonic: string;
  /** Its passphrase. A secret. */
  passphrase: string;
  /** The path of the key that matched (`m` for a fingerprint). */
  path: string;
  /** The address that matched, or `null` for an xpub, fingerprint or descriptor. */
  address: string | null;
  /** What matched. */
  matched: "address" | "xpub" | "fingerprint" | "descriptor";
  /** The candidate's index in the search space. */
  candidate: bigint;
  /** The address's index (the path's `*`), or `null`. */
  addressIndex: number | null;
  /** The word list of the phrase, as the `language` option names it (`"english"`, …). */
  language: string;
}

/** Searches for a wallet from a partly remembered mnemonic on a pool of workers; resolves to
 * the first match in candidate order, or `null` when none matches. */
export function recover(options: RecoverOptions): Promise<Recovered | null>;

/** Makes a worker's global (or Node's `parentPort`) answer recover()'s tasks on the recover
 * module `module` resolves to (`pkg/fastbip32_recover.js` after its initialisation). */
export function serveRecoverTasks(
  scope: { postMessage(message: unknown): void; addEventListener?(type: "message", listener: (event: MessageEvent) => void): void; on?(type: "message", listener: (message: any) => void): void },
  module: Promise<unknown> | unknown,
): void;
