import { describe, expect, it } from 'vitest';
import { inputFields, toInputs } from './inputs';

const start = {
  variables: [
    { variable: 'question', label: 'Question', type: 'paragraph', required: true },
    { variable: 'limit', type: 'number' },
    { variable: 'strict', type: 'checkbox' },
    { variable: 'meta', type: 'json_object' },
    { variable: 'court', type: 'select', options: ['EWCA', 'UKSC'] },
    { variable: 'upload', type: 'file' },
  ],
};

describe('workflow run inputs', () => {
  const fields = inputFields(start);

  it('lists the start variables with their labels and types', () => {
    expect(fields.map((f) => [f.name, f.label, f.type])).toEqual([
      ['question', 'Question', 'paragraph'],
      ['limit', 'limit', 'number'],
      ['strict', 'strict', 'checkbox'],
      ['meta', 'meta', 'json_object'],
      ['court', 'court', 'select'],
      ['upload', 'upload', 'file'],
    ]);
  });

  it('types what was typed and leaves empty optional fields out', () => {
    const { inputs, errors } = toInputs(fields, { question: 'May a landlord keep the deposit?', limit: '5', strict: true, meta: '{"a":1}', court: 'UKSC' });
    expect(errors).toEqual({});
    expect(inputs).toEqual({ question: 'May a landlord keep the deposit?', limit: 5, strict: true, meta: { a: 1 }, court: 'UKSC' });
  });

  it('says what is wrong with each field', () => {
    const { errors } = toInputs(fields, { question: ' ', limit: 'five', meta: '[1]' });
    expect(errors).toEqual({ question: 'Required.', limit: 'Enter a number.', meta: 'Enter a JSON object: {"key": "value"}.' });
  });
});
