import { describe, expect, it } from 'vitest';
import { toolKind, validateTool } from './definition';

describe('tool', () => {
  it('starts valid with the search tool', () => expect(validateTool(toolKind.defaults())).toEqual({}));
  it('checks variable and extraction parameters', () => {
    const errs = validateTool({
      tool_name: 'fetch_article',
      tool_parameters: {
        article: { type: 'extraction', value: { source_node_id: '', extraction_prompt: '' } },
        collection: { type: 'variable', value: [] },
        at: { type: 'constant', value: '2024-01-01' },
      },
    });
    expect(Object.keys(errs).sort()).toEqual(['tool_parameters.article.value.extraction_prompt', 'tool_parameters.article.value.source_node_id', 'tool_parameters.collection.value']);
  });
});
