// Types of `fastbip32/task` (js/task.js): what a pool worker runs.

/** A task record the pool posts to a worker. */
export interface Task {
  op: "addresses";
  source: { type: "xpub"; text: string; curve: string } | { type: "descriptor"; text: string };
  start: number;
  count: number;
  [option: string]: unknown;
}

/** Runs `task` on `api` (the package's exports in the worker). */
export function runTask(
  api: unknown,
  task: Task,
): { ok: true; result: unknown } | { ok: false; error: Record<string, unknown> };

/** Makes a worker's global (or Node's `parentPort`) answer the pool's task messages on the
 * API `api` resolves to. */
export function serveTasks(
  scope: { postMessage(message: unknown): void; addEventListener?(type: "message", listener: (event: MessageEvent) => void): void; on?(type: "message", listener: (message: any) => void): void },
  api: Promise<unknown> | unknown,
): void;
