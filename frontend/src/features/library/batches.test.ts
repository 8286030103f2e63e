import { describe, expect, it } from 'vitest';
import { bytesPerFile, DEFAULT_BATCH_LIMITS, planBatches } from './batches';

const MB = 1024 * 1024;
const files = (sizes: number[]) => sizes.map((size, i) => ({ name: `f${i}`, size }));

describe('planBatches', () => {
  it('caps the number of files per batch, keeping order', () => {
    const batches = planBatches(files(Array(45).fill(1000)), { maxFiles: 20, maxBytes: 50 * MB });
    expect(batches.map((b) => b.length)).toEqual([20, 20, 5]);
    expect(batches.flat().map((f) => f.name)).toEqual(files(Array(45).fill(1000)).map((f) => f.name));
  });

  it('caps the bytes per batch', () => {
    const batches = planBatches(files([20 * MB, 20 * MB, 20 * MB, 5 * MB, 40 * MB]), { maxFiles: 20, maxBytes: 50 * MB });
    expect(batches.map((b) => b.map((f) => f.name))).toEqual([['f0', 'f1'], ['f2', 'f3'], ['f4']]);
  });

  it('sends a file bigger than the byte cap alone', () => {
    const batches = planBatches(files([1 * MB, 2048 * MB, 1 * MB]), DEFAULT_BATCH_LIMITS);
    expect(batches.map((b) => b.map((f) => f.name))).toEqual([['f0'], ['f1'], ['f2']]);
  });

  it('turns 5,000 files into modest requests', () => {
    const many = files(Array.from({ length: 5000 }, (_, i) => 10_000 + (i % 7) * 100_000));
    const batches = planBatches(many);
    expect(batches.length).toBe(250);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(20);
      expect(b.reduce((n, f) => n + f.size, 0)).toBeLessThanOrEqual(50 * MB);
    }
    expect(batches.flat()).toHaveLength(5000);
  });

  it('handles empty input and zero-byte files', () => {
    expect(planBatches([])).toEqual([]);
    expect(planBatches(files([0, 0, 0]), { maxFiles: 2, maxBytes: 1 }).map((b) => b.length)).toEqual([2, 1]);
  });
});

describe('bytesPerFile', () => {
  it('spreads the bytes sent over the files in order', () => {
    expect(bytesPerFile([100, 200, 100], 0, 400)).toEqual([0, 0, 0]);
    expect(bytesPerFile([100, 200, 100], 150, 400)).toEqual([100, 50, 0]);
    expect(bytesPerFile([100, 200, 100], 400, 400)).toEqual([100, 200, 100]);
  });

  it('scales for multipart framing in the total', () => {
    // 440 bytes on the wire for 400 bytes of files: half sent is half of each file's share.
    expect(bytesPerFile([200, 200], 220, 440)).toEqual([200, 0]);
    expect(bytesPerFile([200, 200], 440, 440)).toEqual([200, 200]);
  });
});
