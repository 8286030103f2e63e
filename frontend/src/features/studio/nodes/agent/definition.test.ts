import { describe, expect, it } from 'vitest';
import { agentKind, difyAgentTools, fixedParameters, toolName, validateAgent } from './definition';

describe('the agent step', () => {
  it('starts valid, with the library tools', () => {
    expect(validateAgent(agentKind.defaults())).toEqual({});
  });

  it('needs a tool, a round limit within bounds and a known protocol', () => {
    const errors = validateAgent({ ...agentKind.defaults(), tools: [], max_iterations: 40, strategy: 'telepathy', tool_timeout: 0 });
    expect(Object.keys(errors).sort()).toEqual(['max_iterations', 'strategy', 'tool_timeout', 'tools']);
    expect(validateAgent({ ...agentKind.defaults(), tools: ['search_collection', { tool_name: 'search_collection' }] }).tools).toMatch(/twice/);
  });

  it('reads tools given by name or as a Tool step with fixed parameters', () => {
    const fixed = { tool_name: 'search_collection', tool_parameters: { top_k: { type: 'constant', value: 3 } } };
    expect([toolName('fetch_article'), toolName(fixed)]).toEqual(['fetch_article', 'search_collection']);
    expect(fixedParameters(fixed)).toEqual(['top_k = 3']);
    expect(fixedParameters('fetch_article')).toEqual([]);
  });

  it('lets an agent written by Dify have no tools of ours, and reads the ones it named there', () => {
    const dify = {
      title: 'Agent',
      agent_parameters: {
        tools: {
          type: 'constant',
          value: [
            { enabled: true, provider_name: 'langgenius/duckduckgo/duckduckgo', tool_name: 'ddgo_search' },
            { enabled: false, provider_name: 'wikipedia', tool_name: 'wikipedia_search' },
          ],
        },
      },
    };
    expect(validateAgent(dify).tools).toBeUndefined();
    expect(difyAgentTools(dify)).toEqual(['ddgo_search (langgenius/duckduckgo/duckduckgo)']);
    expect(validateAgent({ title: 'Agent', tools: [] }).tools).toMatch(/at least one tool/);
  });
});
