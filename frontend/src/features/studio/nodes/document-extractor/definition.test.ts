import { describe, expect, it } from 'vitest';
import { docExtractorKind, validateDocExtractor } from './definition';

describe('document extractor', () => {
  it('asks for the file when new', () => expect(Object.keys(validateDocExtractor(docExtractorKind.defaults()))).toEqual(['variable_selector']));
  it('accepts a file variable', () => expect(validateDocExtractor({ variable_selector: ['start', 'contract'] })).toEqual({}));
});
