import { describe, expect, it } from 'vitest';
import { classHandles, classifierKind, newClassId, validateClassifier } from './definition';

describe('question classifier', () => {
  it('starts valid with two classes, one handle each', () => {
    const d = classifierKind.defaults();
    expect(validateClassifier(d)).toEqual({});
    expect(classHandles(d).map((h) => h.id)).toEqual(['class_1', 'class_2']);
  });
  it('wants classes, each described', () => {
    expect(Object.keys(validateClassifier({ query_variable_selector: ['sys', 'query'], classes: [] }))).toEqual(['classes']);
    expect(Object.keys(validateClassifier({ query_variable_selector: ['sys', 'query'], classes: [{ id: 'a', name: ' ' }] }))).toEqual(['classes.0.name']);
    expect(newClassId([{ id: 'class_2', name: '' }])).toBe('class_3');
  });
});
