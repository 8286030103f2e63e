import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatRelative, plural } from './format';

describe('format', () => {
  it('formats sizes', () => {
    expect(formatBytes(0)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1_500)).toBe('1.5 KB');
    expect(formatBytes(4_661_224_676)).toBe('4.7 GB');
    expect(formatBytes(274_302_450)).toBe('274 MB');
    expect(formatBytes(40_000_000_000)).toBe('40 GB');
  });

  it('formats durations', () => {
    expect(formatMs(42)).toBe('42 ms');
    expect(formatMs(1234)).toBe('1.23 s');
    expect(formatMs(1000)).toBe('1 s');
    expect(formatMs(12_345)).toBe('12.3 s');
    expect(formatMs(125_000)).toBe('2 min 5 s');
  });

  it('formats relative times', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(formatRelative('2025-01-01T11:59:50Z', now)).toBe('just now');
    expect(formatRelative('2025-01-01T11:50:00Z', now)).toBe('10 min ago');
    expect(formatRelative('2025-01-01T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelative(null, now)).toBe('');
  });

  it('pluralises', () => {
    expect(plural(1, 'model')).toBe('1 model');
    expect(plural(3, 'model')).toBe('3 models');
  });
});
