// The desktop window's native file drop. Wails hands over the absolute paths of what was
// dropped; the backend then reads the files in place and walks folders itself, with no bytes
// copied through the page. WebKit also fires the page's own (HTML5) drop for the same gesture,
// with File objects: one gesture must add its files once, so the paths win, and the page's
// drop is used only when no native drop arrives within a moment (a window without it).
import { wailsRuntime } from '../../lib/backend';
import type { DropRoot } from './folderWalk';

export type Drop = { kind: 'roots'; roots: DropRoot[] } | { kind: 'paths'; paths: string[] };

declare global {
  interface Window {
    wails?: { flags?: { enableWailsDragAndDrop?: boolean } };
  }
}

/** True in a desktop window whose native file drop is switched on. */
export function nativeDropEnabled(): boolean {
  return typeof wailsRuntime()?.OnFileDrop === 'function' && window.wails?.flags?.enableWailsDragAndDrop === true;
}

const listeners = new Set<(paths: string[]) => void>();
let registered = false;

/**
 * Calls `listener` with the paths of each native drop, anywhere in the window. Wails takes one
 * OnFileDrop callback per page, so it is registered once and fanned out here.
 */
export function onNativeDrop(listener: (paths: string[]) => void): () => void {
  const rt = wailsRuntime();
  if (!rt?.OnFileDrop) return () => {};
  if (!registered) {
    registered = true;
    rt.OnFileDrop((_x, _y, paths) => {
      const clean = (Array.isArray(paths) ? paths : []).filter((p) => typeof p === 'string' && p !== '');
      if (clean.length > 0) listeners.forEach((l) => l(clean));
    }, false);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export interface PairingClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: PairingClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (h) => window.clearTimeout(h as number),
};

/**
 * Pairs the two drops one gesture makes in the desktop window, in either order, and delivers
 * one of them: the native paths when they come within `windowMs` of the page's drop, else
 * the page's roots once that time has passed.
 */
export class DropPairing {
  private pending: { roots: DropRoot[]; timer: unknown } | null = null;
  private nativeAt = -Infinity;

  constructor(
    private readonly deliver: (drop: Drop) => void,
    private readonly windowMs = 1000,
    private readonly clock: PairingClock = realClock,
  ) {}

  /** The page's drop. */
  page(roots: DropRoot[]): void {
    if (this.clock.now() - this.nativeAt < this.windowMs) return; // the native drop came first
    this.flush();
    const timer = this.clock.setTimeout(() => this.flush(), this.windowMs);
    this.pending = { roots, timer };
  }

  /** The window's native drop. */
  native(paths: string[]): void {
    if (this.pending) {
      this.clock.clearTimeout(this.pending.timer);
      this.pending = null;
    }
    this.nativeAt = this.clock.now();
    this.deliver({ kind: 'paths', paths });
  }

  /** Delivers a page drop still waiting for its pair. */
  flush(): void {
    const p = this.pending;
    if (!p) return;
    this.clock.clearTimeout(p.timer);
    this.pending = null;
    if (p.roots.length > 0) this.deliver({ kind: 'roots', roots: p.roots });
  }

  /** Forgets a waiting page drop (the page is going away). */
  dispose(): void {
    if (this.pending) this.clock.clearTimeout(this.pending.timer);
    this.pending = null;
  }
}
