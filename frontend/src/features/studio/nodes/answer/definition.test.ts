import { describe, expect, it } from 'vitest';
import { answerKind, validateAnswer } from './definition';

describe('answer', () => {
  it('asks for a reply when new', () => expect(Object.keys(validateAnswer(answerKind.defaults()))).toEqual(['answer']));
  it('accepts a reply template', () => expect(validateAnswer({ answer: '{{#cite.answer#}}' })).toEqual({}));
});
