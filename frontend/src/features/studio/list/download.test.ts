import { describe, expect, it } from 'vitest';
import { dslFileName } from './download';

describe('an exported app', () => {
  it('names an export after the app', () => {
    expect(dslFileName('Contract clause review')).toBe('contract-clause-review.yml');
    expect(dslFileName('مراجعة العقد')).toBe('مراجعة-العقد.yml');
    expect(dslFileName('!!!')).toBe('app.yml');
  });
});
