import { describe, expect, it } from 'vitest';
import { listOperatorKind, validateListOperator } from './definition';

describe('list operator', () => {
  it('asks for the list when new', () => expect(Object.keys(validateListOperator(listOperatorKind.defaults()))).toEqual(['variable']));
  it('checks only the parts switched on', () => {
    const errs = validateListOperator({
      variable: ['n', 'items'],
      filter_by: { enabled: true, conditions: [{ key: '', comparison_operator: 'resembles', value: 'x' }] },
      extract_by: { enabled: false, serial: '' },
      limit: { enabled: true, size: -1 },
    });
    expect(Object.keys(errs).sort()).toEqual(['filter_by.conditions.0.comparison_operator', 'limit.size']);
  });
});
