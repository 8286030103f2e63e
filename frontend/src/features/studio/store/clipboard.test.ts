import { describe, expect, it } from 'vitest';
import type { Graph, StudioEdge, StudioNode } from './dsl';
import { graphReducer, initialGraphState } from './graphReducer';
import { copySelection, remapRefs } from './clipboard';
import { layeredLayout } from './layout';

const node = (id: string, kind: string, config: Record<string, unknown> = {}, selected = false, y = 0): StudioNode => ({
  id,
  type: kind === 'if-else' ? 'branch' : 'step',
  position: { x: 0, y },
  selected,
  data: { kind, config: { title: id, ...config }, extra: {} },
});
const edge = (source: string, target: string, sourceHandle = 'source'): StudioEdge => ({ id: `${source}-${sourceHandle}-${target}`, source, target, sourceHandle, targetHandle: 'target', data: { extra: {} } });

describe('copy and paste', () => {
  const graph: Graph = {
    nodes: [node('start', 'start'), node('llm_1', 'llm', { prompt: 'Say {{#start.q#}}' }, true), node('tpl_1', 'template-transform', { variables: [{ variable: 'x', value_selector: ['llm_1', 'text'] }], template: '{{#llm_1.text#}}' }, true)],
    edges: [edge('start', 'llm_1'), edge('llm_1', 'tpl_1')],
  };

  it('copies the selected steps with the edges between them only', () => {
    const copied = copySelection(graph)!;
    expect(copied.nodes.map((n) => n.id)).toEqual(['llm_1', 'tpl_1']);
    expect(copied.edges.map((e) => e.id)).toEqual(['llm_1-source-tpl_1']);
  });

  it('pastes under new ids, offset, selected, re-pointing references among the pasted steps, as one undo step', () => {
    const s0 = initialGraphState(graph);
    const s = graphReducer(s0, { type: 'paste', fragment: copySelection(graph)!, offset: 40 });
    const added = s.present.nodes.slice(3);
    expect(added.map((n) => n.id)).toEqual(['llm_2', 'template_transform_1']);
    expect(added.every((n) => n.selected && n.position.x === 40 && n.position.y === 40)).toBe(true);
    expect(s.present.nodes.slice(0, 3).some((n) => n.selected)).toBe(false);
    expect(s.present.edges.at(-1)).toMatchObject({ source: 'llm_2', target: 'template_transform_1' });
    expect(added[0]!.data.config?.prompt).toBe('Say {{#start.q#}}');
    expect(added[1]!.data.config).toMatchObject({ template: '{{#llm_2.text#}}', variables: [{ value_selector: ['llm_2', 'text'] }] });
    expect(graphReducer(s, { type: 'undo' }).present).toEqual(s0.present);
  });

  it('leaves other references alone', () => {
    expect(remapRefs({ a: ['sys', 'query'], b: '{{#other.x#}}' }, new Map([['llm_1', 'llm_2']]))).toEqual({ a: ['sys', 'query'], b: '{{#other.x#}}' });
  });
});

describe('layered layout', () => {
  it('puts each step in the column of its longest path, left to right, without overlap', () => {
    const nodes = [node('d', 'end', {}, false, 0), node('b', 'llm', {}, false, 10), node('a', 'start', {}, false, 20), node('c', 'llm', {}, false, 30)];
    const edges = [edge('a', 'b'), edge('a', 'c'), edge('b', 'd'), edge('c', 'd'), edge('a', 'd')];
    const laid = new Map(layeredLayout(nodes, edges).map((n) => [n.id, n.position]));
    expect(laid.get('a')!.x).toBe(0);
    expect(laid.get('b')!.x).toBe(laid.get('c')!.x);
    expect(laid.get('b')!.x).toBeGreaterThan(0);
    expect(laid.get('d')!.x).toBeGreaterThan(laid.get('b')!.x);
    expect(Math.abs(laid.get('b')!.y - laid.get('c')!.y)).toBeGreaterThanOrEqual(64);
  });

  it('is one undoable step', () => {
    const g: Graph = { nodes: [node('a', 'start'), node('b', 'llm')], edges: [edge('a', 'b')] };
    const s = graphReducer(initialGraphState(g), { type: 'autoLayout' });
    expect(s.present.nodes[1]!.position.x).toBeGreaterThan(0);
    expect(graphReducer(s, { type: 'undo' }).present).toEqual(g);
  });
});

describe('removing a branch', () => {
  it('removes the edges that left by it', () => {
    const cases = [
      { case_id: 'true', logical_operator: 'and', conditions: [] },
      { case_id: 'case_2', logical_operator: 'and', conditions: [] },
    ];
    const g: Graph = { nodes: [node('if', 'if-else', { cases }), node('x', 'llm'), node('y', 'llm'), node('z', 'llm')], edges: [edge('if', 'x', 'true'), edge('if', 'y', 'case_2'), edge('if', 'z', 'false')] };
    const s = graphReducer(initialGraphState(g), { type: 'updateConfig', id: 'if', config: { title: 'if', cases: [cases[0]] }, field: 'cases' });
    expect(s.present.edges.map((e) => e.sourceHandle)).toEqual(['true', 'false']);
    expect(graphReducer(s, { type: 'undo' }).present.edges).toHaveLength(3);
  });
});
