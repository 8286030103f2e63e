import { describe, expect, it } from 'vitest';
import { assignerKind, itemsOf, validateAssigner } from './definition';

describe('assigner', () => {
  it('asks for a variable when new', () => expect(Object.keys(validateAssigner(assignerKind.defaults()))).toEqual(['items']));
  it('reads the version 1 form as one item', () => {
    expect(itemsOf({ assigned_variable_selector: ['conversation', 'a'], write_mode: 'append', input_variable_selector: ['n', 'x'] })).toEqual([
      { variable_selector: ['conversation', 'a'], input_type: 'variable', operation: 'append', value: ['n', 'x'] },
    ]);
  });
  it('checks targets and operands', () => {
    const errs = validateAssigner({
      version: '2',
      items: [
        { variable_selector: ['llm', 'text'], input_type: 'variable', operation: 'over-write', value: ['n', 'x'] },
        { variable_selector: ['conversation', 'n'], input_type: 'constant', operation: '+=', value: '' },
        { variable_selector: ['conversation', 'l'], input_type: 'variable', operation: 'remove-last' },
        { variable_selector: ['conversation', 'l'], input_type: 'variable', operation: 'append', value: [] },
      ],
    });
    expect(Object.keys(errs).sort()).toEqual(['items.0.variable_selector', 'items.1.value', 'items.3.value']);
  });
});
