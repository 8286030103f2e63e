import { describe, expect, it } from 'vitest';
import type { Graph, StudioEdge, StudioNode } from '../store/dsl';
import { availableVariables, describeReference, isAvailable, upstreamNodeIds } from './upstream';

const node = (id: string, kind = 'llm'): StudioNode => ({ id, type: 'step', position: { x: 0, y: 0 }, data: { kind, config: { title: id.toUpperCase() }, extra: {} } });
const edge = (source: string, target: string): StudioEdge => ({ id: `${source}-${target}`, source, target });
const graph = (ids: string[], links: [string, string][]): Graph => ({ nodes: ids.map((id) => node(id)), edges: links.map(([s, t]) => edge(s, t)) });

describe('upstream variables', () => {
  it('walks back through branches and joins, nearest first', () => {
    // start → if → (a | b) → join → end
    const g = graph(['start', 'if', 'a', 'b', 'join', 'end'], [['start', 'if'], ['if', 'a'], ['if', 'b'], ['a', 'join'], ['b', 'join'], ['join', 'end']]);
    expect(upstreamNodeIds('join', g.edges)).toEqual(['a', 'b', 'if', 'start']);
    expect(upstreamNodeIds('a', g.edges)).toEqual(['if', 'start']);
    expect(upstreamNodeIds('start', g.edges)).toEqual([]);
  });

  it('ignores cycles and never lists the node itself', () => {
    const g = graph(['start', 'a', 'b'], [['start', 'a'], ['a', 'b'], ['b', 'a']]);
    expect(upstreamNodeIds('a', g.edges)).toEqual(['start', 'b']);
    expect(upstreamNodeIds('b', g.edges)).toEqual(['a', 'start']);
  });

  it('offers the outputs of upstream nodes and the sys, env and conversation variables, not downstream ones', () => {
    const g = graph(['start', 'llm', 'answer'], [['start', 'llm'], ['llm', 'answer']]);
    const outputs = { start: [{ name: 'topic', type: 'string' }], llm: [{ name: 'text', type: 'string' }], answer: [{ name: 'answer', type: 'string' }] };
    const groups = availableVariables('llm', {
      graph: g,
      outputs,
      sys: [{ name: 'query', type: 'string' }],
      workflow: { environment_variables: [{ name: 'court', value_type: 'string' }], conversation_variables: null },
    });
    expect(groups.map((x) => x.nodeId)).toEqual(['start', 'sys', 'env']);
    expect(groups[0]).toMatchObject({ title: 'START', kind: 'llm', variables: [{ name: 'topic', type: 'string' }] });
    expect(isAvailable(['start', 'topic'], groups)).toBe(true);
    expect(isAvailable(['answer', 'answer'], groups)).toBe(false);
    expect(isAvailable(['sys', 'query', 'x'], groups)).toBe(true);
  });

  it('skips nodes that declared nothing yet', () => {
    const g = graph(['start', 'llm'], [['start', 'llm']]);
    expect(availableVariables('llm', { graph: g, outputs: {}, sys: [] })).toEqual([]);
  });
});

describe('a chosen variable as the closed picker shows it', () => {
  const g = graph(['start', 'kb', 'cite', 'late'], [['start', 'kb'], ['kb', 'cite'], ['cite', 'late']]);
  const outputs = { start: [{ name: 'q', type: 'string' }], kb: [{ name: 'result', type: 'array[object]' }], late: [{ name: 'text', type: 'string' }] };
  const groups = availableVariables('cite', { graph: g, outputs, sys: [{ name: 'query', type: 'string' }] });

  it('names the step by its title now, and the built-in variables by their names', () => {
    expect(describeReference(['kb', 'result'], groups, 'Retrieval')).toEqual({ label: 'Retrieval › result', state: 'ok', warning: '' });
    expect(describeReference(['kb', 'result'], groups, 'Search the statutes').label).toBe('Search the statutes › result');
    expect(describeReference(['sys', 'query'], groups, null)).toMatchObject({ label: 'sys.query', state: 'ok' });
  });

  it('says what went wrong: the step was deleted, runs later, or no longer gives the variable', () => {
    expect(describeReference(['gone', 'result'], groups, null)).toMatchObject({ label: 'gone › result', state: 'deleted' });
    expect(describeReference(['late', 'text'], groups, 'Summary')).toMatchObject({ state: 'not-upstream', warning: expect.stringContaining('“Summary” does not run before this step') });
    expect(describeReference(['kb', 'hits'], groups, 'Retrieval')).toMatchObject({ state: 'no-output', warning: expect.stringContaining('“Retrieval” no longer gives “hits”') });
  });
});
