import { describe, expect, it } from 'vitest';
import { appPath, matchAppPath } from './studio';

describe('studio paths', () => {
  it('round-trips an app id through its route', () => {
    expect(matchAppPath(appPath('a b/c'))).toBe('a b/c');
    expect(matchAppPath('/studio')).toBeNull();
    expect(matchAppPath('/studio/x/runs')).toBeNull();
  });

});
