import { describe, expect, it } from 'vitest';
import { retrievalKind, validateRetrieval } from './definition';

describe('knowledge retrieval', () => {
  it('starts valid: sys.query, every collection, top 5', () => expect(validateRetrieval(retrievalKind.defaults())).toEqual({}));
  it('bounds top k and the score threshold', () => {
    const bad = { query_variable_selector: ['sys', 'query'], multiple_retrieval_config: { top_k: 500, score_threshold: -1 } };
    expect(Object.keys(validateRetrieval(bad)).sort()).toEqual(['multiple_retrieval_config.score_threshold', 'multiple_retrieval_config.top_k']);
  });
});
