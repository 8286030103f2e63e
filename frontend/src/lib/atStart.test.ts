import { describe, expect, it, vi } from 'vitest';
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

describe('the first render', () => {
  // Each test loads a fresh module: the first render waits only once per page.
  const fresh = async () => {
    vi.resetModules();
    return import('./atStart');
  };

  it('waits for the requests started, and for what they hold in turn', async () => {
    const { holdStart, startNow, whenStarted } = await fresh();
    const order: string[] = [];
    let answer = (_: string) => {};
    startNow('messages', () => new Promise<string>((resolve) => (answer = resolve)));
    let replayed = () => {};
    const done = whenStarted(10_000).then(() => order.push('render'));
    await tick();
    // The messages tell of a run still streaming: its replay is held too, while waiting.
    holdStart(new Promise<void>((resolve) => (replayed = resolve)).then(() => order.push('replayed')));
    answer('[]');
    await tick();
    expect(order).toEqual([]);
    replayed();
    await done;
    expect(order).toEqual(['replayed', 'render']);
  });

  it('does not wait for a failed request', async () => {
    const { startNow, whenStarted } = await fresh();
    startNow('system', () => Promise.reject(new Error('offline')));
    let rendered = false;
    const render = whenStarted(10_000).then(() => (rendered = true));
    await Promise.race([render, new Promise((r) => setTimeout(r, 500))]);
    expect(rendered).toBe(true); // not after the 10 s bound
  });

  it('gives up waiting after maxMs, and holds nothing afterwards', async () => {
    const { holdStart, whenStarted } = await fresh();
    holdStart(new Promise(() => {})); // never settles
    const started = performance.now();
    await whenStarted(30);
    expect(performance.now() - started).toBeLessThan(1000);
    holdStart(new Promise(() => {}));
    let rendered = false;
    const render = whenStarted(10_000).then(() => (rendered = true)); // nothing held: at once
    await Promise.race([render, new Promise((r) => setTimeout(r, 500))]);
    expect(rendered).toBe(true);
  });
});
