import { describe, expect, it } from 'vitest';
import { aggregatorKind, validateAggregator } from './definition';

describe('variable aggregator', () => {
  it('asks for variables when new', () => expect(Object.keys(validateAggregator(aggregatorKind.defaults()))).toEqual(['variables']));
  it('checks each reference', () => {
    expect(validateAggregator({ variables: [['a', 'text'], []] })).toEqual({ 'variables.1': 'Choose a variable.' });
  });
});
