import { describe, expect, it } from 'vitest';
import { outputLabel } from './outputFormat';

describe('outputLabel', () => {
  it('names the format and the refusals before it', () => {
    expect(outputLabel({ format: 'schema', rejected: [], remembered: false })).toBe('JSON schema, enforced by the server');
    expect(
      outputLabel({
        format: 'prose',
        rejected: [
          { format: 'schema', error: 'HTTP 400' },
          { format: 'json', error: 'HTTP 400' },
        ],
        remembered: false,
      }),
    ).toBe('No format: the prompt alone asked for JSON (the server refused a schema and JSON mode)');
    expect(outputLabel({ format: 'json', rejected: [], remembered: true })).toBe('JSON mode (the server refused stronger formats earlier)');
  });

  it('shows a dash for records without a format', () => {
    expect(outputLabel({ format: '', rejected: [], remembered: false })).toBe('—');
    expect(outputLabel(undefined)).toBe('—');
  });
});
