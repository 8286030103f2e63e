import { describe, expect, it } from 'vitest';
import { endKind, validateEnd } from './definition';

describe('end', () => {
  it('starts valid with no outputs', () => expect(validateEnd(endKind.defaults())).toEqual({}));
  it('wants a name and a value for each output', () => {
    expect(validateEnd({ outputs: [{ variable: 'answer', value_selector: [] }] })).toEqual({ 'outputs.0.value_selector': 'Choose a variable.' });
    expect(validateEnd({ outputs: [{ variable: 'answer', value_selector: ['cite', 'answer'] }] })).toEqual({});
  });
});
