import { describe, expect, it, vi } from 'vitest';
import { AsyncQueue } from './asyncQueue';

describe('AsyncQueue', () => {
  it('hands pushed values to a waiting consumer, then ends', async () => {
    const q = new AsyncQueue<number>();
    const got: number[] = [];
    const consumer = (async () => {
      for await (const v of q) got.push(v);
    })();
    q.push(1);
    q.push(2);
    q.end();
    await consumer;
    expect(got).toEqual([1, 2]);
  });

  it('throws a failure after the values pushed before it', async () => {
    const q = new AsyncQueue<number>();
    q.push(1);
    q.fail(new Error('boom'));
    await expect(q.next()).resolves.toEqual({ value: 1, done: false });
    await expect(q.next()).rejects.toThrow('boom');
  });

  it('runs onClose once, whether it ends or the consumer stops', async () => {
    const onClose = vi.fn();
    const q = new AsyncQueue<number>(onClose);
    const pending = q.next();
    await q.return();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    q.end();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
