import { describe, expect, it } from 'vitest';
import { askUserKind, validateAskUser } from './definition';

describe('ask user', () => {
  it('asks for a question when new', () => expect(Object.keys(validateAskUser(askUserKind.defaults()))).toEqual(['question']));
  it('accepts a question', () => expect(validateAskUser({ question: 'Which country?' })).toEqual({}));
});
