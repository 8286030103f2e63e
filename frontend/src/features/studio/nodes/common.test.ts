import { describe, expect, it } from 'vitest';
import { errorStrategyOf, retryOf, validateCommon } from './common';

describe('common settings', () => {
  it('reads retries and error strategies in Dify’s spellings', () => {
    expect(retryOf({})).toEqual({ enabled: false, maxRetries: 3, intervalMs: 1000 });
    expect(retryOf({ retry_config: { retry_enabled: true, max_retries: 2, retry_interval: 500 } })).toEqual({ enabled: true, maxRetries: 2, intervalMs: 500 });
    expect(errorStrategyOf({ error_strategy: 'fail-branch' })).toBe('fail_branch');
    expect(errorStrategyOf({ error_strategy: 'none' })).toBe('fail');
  });
  it('checks the title and the engine’s retry limits', () => {
    expect(validateCommon({ title: 'LLM' })).toEqual({});
    const errs = validateCommon({ title: ' ', retry_config: { max_retries: 11, retry_interval: -1 } });
    expect(Object.keys(errs).sort()).toEqual(['retry_config.max_retries', 'retry_config.retry_interval', 'title']);
  });
});
