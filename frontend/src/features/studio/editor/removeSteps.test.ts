import { describe, expect, it } from 'vitest';
import { refersTo } from './removeSteps';

describe('finding the steps that read from deleted ones', () => {
  const gone = new Set(['llm']);
  it('finds template references and selectors, at any depth', () => {
    expect(refersTo({ answer: 'Here: {{#llm.text#}}' }, gone)).toBe(true);
    expect(refersTo({ outputs: [{ variable: 'a', value_selector: ['llm', 'text'] }] }, gone)).toBe(true);
    expect(refersTo({ prompt_template: [{ role: 'user', text: '{{#llm.text#}}' }] }, gone)).toBe(true);
  });
  it('ignores everything else', () => {
    expect(refersTo({ answer: '{{#cite.answer#}} and llm.text', query_variable_selector: ['sys', 'query'], title: 'llm' }, gone)).toBe(false);
  });
});
