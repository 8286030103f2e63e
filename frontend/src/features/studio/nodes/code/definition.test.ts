import { describe, expect, it } from 'vitest';
import { codeKind, outputsConfig, outputsOf, validateCode } from './definition';

describe('code', () => {
  it('starts runnable but for its inputs', () => expect(Object.keys(validateCode(codeKind.defaults())).sort()).toEqual(['variables.0.value_selector', 'variables.1.value_selector']));
  it('takes Python 3 as well as JavaScript', () => expect(validateCode({ ...codeKind.defaults(), code_language: 'python3', variables: [] }).code_language).toBeUndefined());
  it('refuses a language it cannot run', () => expect(validateCode({ ...codeKind.defaults(), code_language: 'ruby', variables: [] }).code_language).toMatch(/JavaScript or Python 3/));
  it('round-trips outputs in order', () => {
    const outs = [
      { name: 'b', type: 'number' },
      { name: 'a', type: 'array[string]' },
    ];
    expect(outputsOf({ outputs: outputsConfig(outs) })).toEqual(outs);
  });
  it('checks output types', () => expect(validateCode({ code: 'x', code_language: 'javascript', outputs: { f: { type: 'file' } } })).toEqual({ 'outputs.f.type': 'Choose the output’s type.' }));
});
