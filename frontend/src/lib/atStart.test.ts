import { describe, expect, it } from 'vitest';
import { startNow, takeAnswer, takeStarted } from './atStart';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('requests started with the page', () => {
  it('are taken over once', async () => {
    startNow('a', () => Promise.resolve(42));
    const taken = takeStarted<number>('a');
    expect(await taken).toBe(42);
    expect(takeStarted('a')).toBeUndefined();
  });

  it('give their answer once it has come', async () => {
    let answer = (_: number) => {};
    startNow('b', () => new Promise<number>((resolve) => (answer = resolve)));
    expect(takeAnswer('b')).toBeUndefined();
    answer(7);
    await tick();
    expect(takeAnswer('b')).toEqual({ value: 7 });
    expect(takeStarted('b')).toBeUndefined();
  });

  it('are not there when none was started', () => {
    expect(takeStarted('nothing')).toBeUndefined();
    expect(takeAnswer('nothing')).toBeUndefined();
  });

  it('fail for the taker only', async () => {
    startNow('c', () => Promise.reject(new Error('refused')));
    await tick(); // no unhandled rejection meanwhile
    expect(takeAnswer('c')).toBeUndefined();
    await expect(takeStarted('c')).rejects.toThrow('refused');
  });
});
