import { describe, expect, it } from 'vitest';
import { extractorKind, validateExtractor } from './definition';

describe('parameter extractor', () => {
  it('asks for a parameter when new', () => expect(Object.keys(validateExtractor(extractorKind.defaults()))).toEqual(['parameters']));
  it('checks names, types and select options', () => {
    const errs = validateExtractor({
      ...extractorKind.defaults(),
      parameters: [{ name: 'article', type: 'number' }, { name: 'kind', type: 'select' }, { name: 'x', type: 'date' }],
    });
    expect(Object.keys(errs).sort()).toEqual(['parameters.1.options', 'parameters.2.type']);
  });
});
