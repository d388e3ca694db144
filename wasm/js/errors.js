// The package's error classes, and the one conversion of the module's thrown values
// (an `Error` with `errorClass`, `kind` and the class's fields; see src/errors.rs) to them.

/** Every error the package throws: the library's one-line message and `kind`, the name of
 * the Rust error variant (`"HardenedOnly"`, `"BadChecksum"`, …) or one of the package's own
 * kinds (`UnknownCurve`, `UnknownCoin`, `UnknownVersionName`, `UnsupportedByScheme`,
 * `InvalidArgument`, `OutOfMemory`, `Freed`, `Aborted`, `WorkerFailed`). */
export class FastBip32Error extends Error {
  constructor(message, kind, options) {
    super(message, options);
    this.name = new.target.name;
    this.kind = kind;
  }
}

/** A key path, or a step of one, that the library rejects (`InvalidPath`, `HardenedOnly`,
 * `HardenedFromPublic`, `InvalidChildIndex`, `DepthExceeded`). */
export class PathError extends FastBip32Error {
  constructor(message, kind, { segment = null, position = null } = {}) {
    super(message, kind);
    this.segment = segment;
    this.position = position;
  }
}

/** A mnemonic the library rejects. */
export class MnemonicError extends FastBip32Error {
  constructor(message, kind, { position = null, suggestions = [] } = {}) {
    super(message, kind);
    this.position = position;
    this.suggestions = suggestions;
  }
}

/** Any error of a descriptor operation: parsing, deriving, or encoding an address. */
export class DescriptorError extends FastBip32Error {
  constructor(message, kind, { position = null, key = null } = {}) {
    super(message, kind);
    this.position = position;
    this.key = key;
  }
}

const classes = { FastBip32Error, PathError, MnemonicError, DescriptorError };

/** The package error for a value the module threw (or a plain `{errorClass, kind,
 * message, …}` record a worker sent back); anything else unchanged. */
export function toError(thrown) {
  if (thrown === null || typeof thrown !== "object" || typeof thrown.errorClass !== "string") {
    return thrown;
  }
  const Class = classes[thrown.errorClass] ?? FastBip32Error;
  if (Class === FastBip32Error) return new FastBip32Error(thrown.message, thrown.kind);
  return new Class(thrown.message, thrown.kind, thrown);
}

/** A thrown value as a plain record a worker can post (the inverse of `toError`). */
export function toRecord(error) {
  if (error instanceof FastBip32Error) {
    const record = { errorClass: error.constructor.name, kind: error.kind, message: error.message };
    for (const field of ["segment", "position", "suggestions", "key"]) {
      if (field in error) record[field] = error[field];
    }
    return record;
  }
  return { errorClass: "FastBip32Error", kind: "WorkerFailed", message: String(error?.message ?? error) };
}

/** Runs `f`, throwing the package's error class for a module error, then `after` (when
 * given) whatever happens. */
export function call(f, after) {
  try {
    return f();
  } catch (thrown) {
    throw toError(thrown);
  } finally {
    after?.();
  }
}
