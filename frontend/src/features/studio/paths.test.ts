import { describe, expect, it } from 'vitest';
import { dslFileName } from './list/download';
import { appPath, matchAppPath } from './paths';

describe('studio paths', () => {
  it('round-trips an app id through its route', () => {
    expect(matchAppPath(appPath('a b/c'))).toBe('a b/c');
    expect(matchAppPath('/studio')).toBeNull();
    expect(matchAppPath('/studio/x/runs')).toBeNull();
  });

  it('names an export after the app', () => {
    expect(dslFileName('Contract clause review')).toBe('contract-clause-review.yml');
    expect(dslFileName('مراجعة العقد')).toBe('مراجعة-العقد.yml');
    expect(dslFileName('!!!')).toBe('app.yml');
  });
});
