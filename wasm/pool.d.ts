// Types of js/pool.js.
import type { CoinKind, CoinName, Descriptor, ExtendedPublicKey, NetworkName } from "./api.js";

/** A worker in the pool's shape. */
export interface PoolWorker {
  post(message: unknown): void;
  listen(onMessage: (message: any) => void, onError: (error: unknown) => void): void;
  terminate(): void;
  /** Optional: told when the worker takes a task (true) and finishes it (false). */
  busy?(busy: boolean): void;
}

/** A browser `Worker` (e.g. made from a Blob URL) in the pool's shape. */
export function fromWebWorker(worker: Worker): PoolWorker;

export interface PoolAddressOptions {
  kind?: CoinKind;
  coin?: CoinName;
  network?: NetworkName;
  stakeKey?: Uint8Array;
  /** The descriptor branch (default 0). */
  branch?: number;
  /** Addresses per task (default 5,000). */
  chunkSize?: number;
  /** Each chunk, in order, as soon as it and those before it are done. */
  onChunk?: (addresses: string[], firstIndex: number) => void;
  signal?: AbortSignal;
}

/** A pool of dedicated workers, each with its own module instance. */
export class WorkerPool {
  constructor(options?: { size?: number; createWorker?: () => PoolWorker | Promise<PoolWorker> });
  /** The addresses `start … start+count−1` of `source`, in order. */
  addresses(
    source: ExtendedPublicKey | Descriptor,
    start: number,
    count: number,
    options?: PoolAddressOptions,
  ): Promise<string[]>;
  /** Runs one task record on the next idle worker; `onProgress` gets the progress the
   * worker posts. */
  task(task: unknown, options?: { onProgress?: (progress: any) => void }): Promise<any>;
  /** Stops the workers; running tasks reject with kind `Aborted`. */
  terminate(): void;
}

/** Makes a worker of the recover module (js/recover-worker.js). */
export function recoverWorker(): Promise<PoolWorker>;
