import { describe, expect, it } from 'vitest';
import type { StudioEdge, StudioNode } from '../store/dsl';
import { fillEmptySlots } from './fillSlots';
import { replaceReference } from './references';
import { availableVariables, compatibleGroups, describeReference, replacementsFor, typeWords } from './upstream';

const node = (id: string, kind: string, config: Record<string, unknown> = {}): StudioNode => ({ id, type: 'step', position: { x: 0, y: 0 }, data: { kind, config: { title: id, ...config }, extra: {} } });
const edge = (source: string, target: string): StudioEdge => ({ id: `${source}-${target}`, source, target });
const RETRIEVAL = [{ name: 'result', type: 'array[object]' }, { name: 'query', type: 'string' }, { name: 'documents_checked', type: 'number' }];
const CITE = [{ name: 'answer', type: 'string' }, { name: 'citations', type: 'array[object]' }, { name: 'status', type: 'string' }];
const sys = [{ name: 'query', type: 'string' }, { name: 'files', type: 'array[file]' }];

describe('filling empty variable settings on connect', () => {
  const cite = node('cite', 'cited-answer', { query_variable_selector: ['sys', 'query'], hits_variable_selector: [] });

  it('fills the passages when one list of records is upstream, and leaves the question as it was', () => {
    const graph = { nodes: [node('kr', 'knowledge-retrieval'), cite], edges: [edge('kr', 'cite')] };
    const fill = fillEmptySlots(cite, { graph, outputs: { kr: RETRIEVAL }, sys });
    expect(fill?.filled).toEqual([{ field: 'hits_variable_selector', selector: ['kr', 'result'], from: 'kr' }]);
    expect(fill?.config).toMatchObject({ query_variable_selector: ['sys', 'query'], hits_variable_selector: ['kr', 'result'] });
  });

  it('leaves a setting empty when two variables fit, or none', () => {
    const two = { nodes: [node('kr', 'knowledge-retrieval'), node('c0', 'cited-answer'), cite], edges: [edge('kr', 'c0'), edge('c0', 'cite')] };
    expect(fillEmptySlots(cite, { graph: two, outputs: { kr: RETRIEVAL, c0: CITE }, sys })).toBeNull();
    const none = { nodes: [node('start', 'start'), cite], edges: [edge('start', 'cite')] };
    expect(fillEmptySlots(cite, { graph: none, outputs: { start: [] }, sys })).toBeNull();
  });

  it('never overwrites a chosen variable', () => {
    const chosen = node('cite', 'cited-answer', { hits_variable_selector: ['other', 'result'], query_variable_selector: ['sys', 'query'] });
    const graph = { nodes: [node('kr', 'knowledge-retrieval'), chosen], edges: [edge('kr', 'cite')] };
    expect(fillEmptySlots(chosen, { graph, outputs: { kr: RETRIEVAL }, sys })).toBeNull();
  });
});

describe('compatible variables', () => {
  const graph = { nodes: [node('kr', 'knowledge-retrieval'), node('cite', 'cited-answer')], edges: [edge('kr', 'cite')] };
  const groups = availableVariables('cite', { graph, outputs: { kr: RETRIEVAL }, sys: [...sys, { name: 'anything', type: 'any' }] });

  it('offers a setting only the types it takes (untyped variables too)', () => {
    const offered = compatibleGroups(groups, ['array[object]']).flatMap((g) => g.variables.map((v) => `${g.nodeId}.${v.name}`));
    expect(offered).toEqual(['kr.result', 'sys.anything']);
    expect(compatibleGroups(groups, undefined)).toBe(groups);
  });

  it('says when a chosen variable has the wrong type, in words', () => {
    const ref = describeReference(['kr', 'query'], groups, 'Search', ['array[object]']);
    expect(ref.state).toBe('wrong-type');
    expect(ref.warning).toContain('is text; this setting takes a list of records');
    expect(typeWords('array[string]')).toBe('a list of texts');
  });
});

describe('mending a reference to a deleted step', () => {
  const graph = { nodes: [node('kr', 'knowledge-retrieval'), node('cite', 'cited-answer'), node('answer', 'answer')], edges: [edge('kr', 'cite'), edge('cite', 'answer')] };
  const groups = availableVariables('answer', { graph, outputs: { kr: RETRIEVAL, cite: CITE }, sys });

  it('offers the nearest steps’ variable of the same type, then of the same name', () => {
    expect(replacementsFor(['llm', 'text'], 'string', groups)).toEqual([['cite', 'answer'], ['kr', 'query']]);
    expect(replacementsFor(['old', 'result'], undefined, groups)).toEqual([['kr', 'result']]);
  });

  it('replaces or removes every use of the reference in a template', () => {
    const text = 'Answer: {{#llm.text#}}\n\n{{#llm.text#}} {{#sys.query#}}';
    expect(replaceReference(text, ['llm', 'text'], ['cite', 'answer'])).toBe('Answer: {{#cite.answer#}}\n\n{{#cite.answer#}} {{#sys.query#}}');
    expect(replaceReference(text, ['llm', 'text'], null)).toBe('Answer: \n\n {{#sys.query#}}');
  });
});
