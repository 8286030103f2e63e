import { describe, expect, it } from 'vitest';
import { startKind, validateStart } from './definition';

describe('start', () => {
  it('starts valid with no inputs', () => expect(validateStart(startKind.defaults())).toEqual({}));
  it('wants valid, unique names and options for a choice', () => {
    const errs = validateStart({ variables: [{ variable: '1st', type: 'text-input' }, { variable: 'a', type: 'select' }, { variable: 'a', type: 'number' }] });
    expect(Object.keys(errs).sort()).toEqual(['variables.0.variable', 'variables.1.options', 'variables.2.variable']);
    expect(errs['variables.2.variable']).toMatch(/twice/);
  });
});
