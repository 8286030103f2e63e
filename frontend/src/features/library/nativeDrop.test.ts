import { describe, expect, it } from 'vitest';
import type { DropRoot } from './folderWalk';
import { DropPairing, type Drop, type PairingClock } from './nativeDrop';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: PairingClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    due.forEach((t) => t.fn());
  };
  return { clock, advance };
}

const roots: DropRoot[] = [{ file: new File(['x'], 'act.pdf') }];

function setup() {
  const { clock, advance } = manualClock();
  const got: Drop[] = [];
  const pairing = new DropPairing((d) => got.push(d), 1000, clock);
  return { pairing, got, advance };
}

describe('DropPairing: one gesture adds its files once', () => {
  it('takes the native paths when they follow the page drop', () => {
    const { pairing, got, advance } = setup();
    pairing.page(roots);
    advance(40);
    pairing.native(['/home/ana/act.pdf']);
    advance(5000);
    expect(got).toEqual([{ kind: 'paths', paths: ['/home/ana/act.pdf'] }]);
  });

  it('takes the native paths and ignores the page drop that follows them', () => {
    const { pairing, got, advance } = setup();
    pairing.native(['/home/ana/act.pdf']);
    advance(30);
    pairing.page(roots);
    advance(5000);
    expect(got).toEqual([{ kind: 'paths', paths: ['/home/ana/act.pdf'] }]);
  });

  it('falls back to the page drop when no native drop comes', () => {
    const { pairing, got, advance } = setup();
    pairing.page(roots);
    advance(999);
    expect(got).toEqual([]);
    advance(1);
    expect(got).toEqual([{ kind: 'roots', roots }]);
  });

  it('treats drops far apart as two gestures', () => {
    const { pairing, got, advance } = setup();
    pairing.native(['/a.pdf']);
    advance(3000);
    pairing.page(roots);
    advance(1000);
    expect(got.map((d) => d.kind)).toEqual(['paths', 'roots']);
  });

  it('forgets a waiting page drop when disposed', () => {
    const { pairing, got, advance } = setup();
    pairing.page(roots);
    pairing.dispose();
    advance(5000);
    expect(got).toEqual([]);
  });
});
