// A pool of dedicated workers, each with its own instance of the module (no
// SharedArrayBuffer, so it works without cross-origin isolation and from file://). A batch
// is cut into chunks the idle workers take in turn; results come back in order.

import { Descriptor, ExtendedPublicKey } from "./api.js";
import { FastBip32Error, toError } from "./errors.js";

const node = typeof globalThis.process?.versions?.node === "string" && typeof globalThis.window === "undefined";

/** The host's number of logical cores (at least 1). */
async function cores() {
  if (node) {
    const os = await import("node:os");
    return os.availableParallelism?.() ?? os.cpus().length;
  }
  return globalThis.navigator?.hardwareConcurrency ?? 2;
}

/** The package's worker script in this host: worker_threads in Node, a module Worker in
 * browsers. Returns `{post, listen, terminate}`. */
function defaultWorker() {
  return packageWorker(new URL("./worker.js", import.meta.url));
}

/** The recover workers' script (recover-worker.js, the recover module), as `defaultWorker`. */
export function recoverWorker() {
  return packageWorker(new URL("./recover-worker.js", import.meta.url));
}

/** The worker script at `url` in this host. */
async function packageWorker(url) {
  if (node) {
    const { Worker } = await import("node:worker_threads");
    const worker = new Worker(url);
    // An idle worker does not keep Node running; one with a task does (see #run).
    worker.unref();
    return {
      post: (message) => worker.postMessage(message),
      busy: (busy) => (busy ? worker.ref() : worker.unref()),
      listen: (onMessage, onError) => {
        worker.on("message", onMessage);
        worker.on("error", onError);
      },
      terminate: () => worker.terminate(),
    };
  }
  return fromWebWorker(new Worker(url, { type: "module" }));
}

/** A browser `Worker` (made by the host, e.g. from a Blob URL) in the pool's shape. */
export function fromWebWorker(worker) {
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onError) => {
      worker.addEventListener("message", (event) => onMessage(event.data));
      worker.addEventListener("error", (event) => onError(event.error ?? new Error(event.message)));
    },
    terminate: () => worker.terminate(),
  };
}

function aborted() {
  return new FastBip32Error("the batch was aborted", "Aborted");
}

/** A pool of `size` workers (default: the number of cores, at most 8), made by
 * `createWorker` (default: the package's worker.js) when first needed. */
export class WorkerPool {
  #size;
  #create;
  #workers = null;
  #idle = [];
  #waiting = [];
  #next = 0;
  #pending = new Map();

  constructor(options = {}) {
    const { size, createWorker } = options;
    if (size !== undefined && (!Number.isInteger(size) || size < 1 || size > 256)) {
      throw new RangeError("size must be an integer from 1 to 256");
    }
    this.#size = size;
    this.#create = createWorker ?? defaultWorker;
  }

  async #start() {
    if (this.#workers !== null) return;
    const size = this.#size ?? Math.min(8, Math.max(1, await cores()));
    this.#workers = [];
    for (let i = 0; i < size; i++) {
      const worker = await this.#create();
      worker.listen(
        ({ id, reply, progress }) => {
          if (progress !== undefined) {
            this.#pending.get(id)?.onProgress?.(progress);
            return;
          }
          const done = this.#pending.get(id);
          this.#pending.delete(id);
          worker.busy?.(false);
          this.#release(worker);
          done?.resolve(reply);
        },
        (error) => {
          for (const [id, done] of this.#pending) {
            if (done.worker === worker) {
              this.#pending.delete(id);
              done.reject(new FastBip32Error(`a worker failed: ${error?.message ?? error}`, "WorkerFailed"));
            }
          }
        },
      );
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  #release(worker) {
    const next = this.#waiting.shift();
    if (next) next(worker);
    else this.#idle.push(worker);
  }

  #acquire() {
    const worker = this.#idle.pop();
    if (worker) return Promise.resolve(worker);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Runs one task on the next idle worker, unless `stopped()` gives an error by then;
   * `onProgress` gets the `{id, progress}` messages the worker posts while it runs. */
  async #run(task, stopped, onProgress) {
    const worker = await this.#acquire();
    const stop = stopped();
    if (stop) {
      this.#release(worker);
      throw stop;
    }
    const id = this.#next++;
    const reply = await new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, worker, onProgress });
      worker.busy?.(true);
      worker.post({ id, task });
    });
    if (!reply.ok) throw toError(reply.error);
    return reply.result;
  }

  /** The addresses `start … start+count−1` of `source` (an `ExtendedPublicKey` or a
   * `Descriptor` of public keys, or their text), computed on the workers in chunks of
   * `chunkSize` (default 5,000) and returned in order, equal to `source.addresses(start,
   * count, options)`. `onChunk(addresses, firstIndex)` gets each chunk in order as soon
   * as it and the ones before it are done; `signal` (an `AbortSignal`) stops the batch with a
   * `FastBip32Error` of kind `Aborted`. */
  async addresses(source, start, count, options = {}) {
    const { chunkSize = 5000, onChunk, signal, ...rest } = options;
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 0) {
      throw new RangeError("start and count must be non-negative integers");
    }
    if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError("chunkSize must be a positive integer");
    const described = describe(source);
    if (signal?.aborted) throw aborted();
    await this.#start();
    const ranged = described.type === "xpub" || described.ranged;
    const total = ranged ? count : Math.min(count, 1);
    const chunks = [];
    for (let at = 0; at < total; at += chunkSize) chunks.push([start + at, Math.min(chunkSize, total - at)]);
    const results = new Array(chunks.length);
    let delivered = 0;
    let stop = null;
    const onAbort = () => { stop = aborted(); };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await Promise.all(
        chunks.map(async ([first, n], i) => {
          const task = { op: "addresses", source: described.wire, start: first, count: n, ...rest };
          results[i] = await this.#run(task, () => stop);
          if (stop) throw stop;
          while (!stop && delivered < chunks.length && results[delivered] !== undefined) {
            onChunk?.(results[delivered], chunks[delivered][0]);
            delivered++;
          }
        }),
      );
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    if (stop) throw stop;
    return results.flat();
  }

  /** Runs one task record on the next idle worker (a task of the worker script the pool
   * was made with, e.g. `fastbip32/recover-task`'s); `onProgress` gets what the worker posts
   * as progress while it runs. Rejects with the worker's error, or with kind `Aborted` when
   * the pool is terminated first. */
  async task(task, { onProgress } = {}) {
    await this.#start();
    return this.#run(task, () => null, onProgress);
  }

  /** Stops the workers; the tasks they were running reject with kind `Aborted`. */
  terminate() {
    for (const worker of this.#workers ?? []) worker.terminate();
    for (const [id, done] of this.#pending) {
      this.#pending.delete(id);
      done.reject(aborted());
    }
    this.#workers = null;
    this.#idle = [];
  }
}

/** What a worker needs to rebuild `source`: its public text. */
function describe(source) {
  if (source instanceof ExtendedPublicKey) {
    return { type: "xpub", wire: { type: "xpub", text: source.toString(), curve: source.curve } };
  }
  if (source instanceof Descriptor) {
    if (source.hasPrivateKeys) {
      throw new FastBip32Error("a Descriptor with private keys is not sent to workers: use its public form", "InvalidArgument");
    }
    return { type: "descriptor", ranged: source.isRanged, wire: { type: "descriptor", text: source.toString() } };
  }
  throw new TypeError("source must be an ExtendedPublicKey or a Descriptor");
}
