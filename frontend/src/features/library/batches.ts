// Splits a selection of files into upload requests, so a folder of 5,000 files becomes a few
// hundred modest requests rather than one giant one.

export interface BatchLimits {
  /** At most this many files per request. */
  maxFiles: number;
  /** At most this many bytes per request (a single larger file goes alone). */
  maxBytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxFiles: 20, maxBytes: 50 * 1024 * 1024 };

/**
 * Groups items, in order, into batches of at most `maxFiles` items and `maxBytes` bytes. An
 * item bigger than `maxBytes` gets a batch of its own (the backend decides whether it is too
 * large and says so for that file). No batch is empty; the order of items is kept.
 */
export function planBatches<T extends { size: number }>(items: readonly T[], limits: BatchLimits = DEFAULT_BATCH_LIMITS): T[][] {
  const maxFiles = Math.max(1, Math.floor(limits.maxFiles));
  const maxBytes = Math.max(1, limits.maxBytes);
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Math.max(0, item.size || 0);
    if (current.length > 0 && (current.length >= maxFiles || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * How far each file of a batch has been sent, given how many bytes of the request body went
 * out. The body carries the files in order (plus some multipart framing, spread evenly here),
 * so file i is done once the bytes before it and its own have been sent.
 */
export function bytesPerFile(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((n, s) => n + s, 0);
  if (sum <= 0) return sizes.map(() => 0);
  const scaled = total > 0 ? Math.min(1, loaded / total) * sum : 0;
  const out: number[] = [];
  let before = 0;
  for (const size of sizes) {
    out.push(Math.max(0, Math.min(size, scaled - before)));
    before += size;
  }
  return out;
}
