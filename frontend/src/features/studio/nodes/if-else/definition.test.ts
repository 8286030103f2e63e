import { describe, expect, it } from 'vitest';
import { casesOf, ifElseHandles, ifElseKind, isUnary, operatorOf, validateIfElse } from './definition';

describe('if / else', () => {
  it('starts with one case to fill in, IF and ELSE handles', () => {
    const d = ifElseKind.defaults();
    expect(Object.keys(validateIfElse(d))).toEqual(['cases.0.conditions']);
    expect(ifElseHandles(d)).toEqual([{ id: 'true', label: 'IF' }, { id: 'false', label: 'ELSE' }]);
  });
  it('accepts the engine operators and their ASCII spellings', () => {
    const cond = (op: string) => ({ cases: [{ case_id: 'true', logical_operator: 'and', conditions: [{ variable_selector: ['sys', 'query'], comparison_operator: op, value: 'x' }] }] });
    expect(validateIfElse(cond('≥'))).toEqual({});
    expect(validateIfElse(cond('>='))).toEqual({});
    expect(Object.keys(validateIfElse(cond('like')))).toEqual(['cases.0.conditions.0.comparison_operator']);
    expect(operatorOf('!=')).toBe('≠');
    expect(isUnary('empty') && isUnary('exists') && !isUnary('contains')).toBe(true);
  });
  it('reads Dify’s older single-case form', () => {
    const old = { logical_operator: 'or', conditions: [{ variable_selector: ['a', 'b'], comparison_operator: 'is', value: 'x' }] };
    expect(casesOf(old)).toEqual([{ case_id: 'true', logical_operator: 'or', conditions: old.conditions }]);
    expect(ifElseHandles(old).map((h) => h.id)).toEqual(['true', 'false']);
  });
});
