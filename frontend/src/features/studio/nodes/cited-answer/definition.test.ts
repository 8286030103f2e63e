import { describe, expect, it } from 'vitest';
import { citedAnswerKind, validateCitedAnswer } from './definition';

describe('cited answer', () => {
  it('reads sys.query and wants the passages chosen', () => {
    expect(Object.keys(validateCitedAnswer(citedAnswerKind.defaults()))).toEqual(['hits_variable_selector']);
  });
  it('checks the uncited policy', () => {
    const ok = { ...citedAnswerKind.defaults(), hits_variable_selector: ['retrieve', 'result'] };
    expect(validateCitedAnswer(ok)).toEqual({});
    expect(Object.keys(validateCitedAnswer({ ...ok, uncited_policy: 'ignore' }))).toEqual(['uncited_policy']);
  });
});
