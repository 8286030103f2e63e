import { describe, expect, it } from 'vitest';
import { actionFor } from './useShortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods,
});

describe('canvas shortcuts', () => {
  it.each([
    [key('Delete'), 'removeSelected'],
    [key('Backspace'), 'removeSelected'],
    [key('z', { ctrlKey: true }), 'undo'],
    [key('z', { metaKey: true }), 'undo'],
    [key('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [key('y', { ctrlKey: true }), 'redo'],
    [key('c', { ctrlKey: true }), 'copy'],
    [key('v', { metaKey: true }), 'paste'],
    [key('V', { ctrlKey: true, shiftKey: true }), null],
    [key('z'), null],
    [key('Delete', { altKey: true }), null],
  ])('%o → %s', (e, want) => {
    expect(actionFor(e)).toBe(want);
  });
});
