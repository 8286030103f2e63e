import { describe, expect, it } from 'vitest';
import { availableVariables } from '../../panel/upstream';
import type { StudioNode } from '../../store/dsl';
import { dslToGraph, graphToDsl, parseDsl } from '../../store/dsl';
import { containerSummary } from '../ContainerNode';
import { validateLoop } from '../loop/definition';
import { iterationKind, validateIteration } from './definition';

// An imported iteration as Dify writes it: the steps inside name it in
// parentId, at positions relative to it, and the DSL lists one before it.
const doc = {
  version: '0.1.0',
  kind: 'lexflow-app',
  app: { name: 'Each', mode: 'workflow' },
  workflow: {
    graph: {
      nodes: [
        { id: 'start', type: 'start', data: { title: 'Start' }, position: { x: 0, y: 0 } },
        { id: 'shout', type: 'template-transform', data: { title: 'Shout' }, position: { x: 60, y: 70 }, parentId: 'each' },
        { id: 'each', type: 'iteration', data: { title: 'Each', iterator_selector: ['start', 'list'], output_selector: ['shout', 'output'], start_node_id: 'each-start' }, position: { x: 300, y: 0 }, width: 520, height: 260 },
        { id: 'each-start', type: 'iteration-start', data: { title: '' }, position: { x: 20, y: 70 }, parentId: 'each' },
        { id: 'end', type: 'end', data: { title: 'End' }, position: { x: 900, y: 0 } },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'each' },
        { id: 'b', source: 'each-start', target: 'shout' },
        { id: 'c', source: 'each', target: 'end' },
      ],
    },
  },
};

describe('iteration and loop', () => {
  it('ask for their list, result and rounds when new', () => {
    expect(Object.keys(validateIteration(iterationKind.defaults())).sort()).toEqual(['iterator_selector', 'output_selector', 'start_node_id']);
    expect(validateIteration({ ...iterationKind.defaults(), is_parallel: true, parallel_nums: 500 }).parallel_nums).toContain('1 to 100');
    expect(Object.keys(validateLoop({ start_node_id: 's', loop_count: 0, loop_variables: [{ label: '2x', var_type: 'number', value_type: 'constant', value: 0 }] })).sort()).toEqual(['loop_count', 'loop_variables.0.label']);
  });

  it('draw the steps inside a container in its frame, and write the DSL back as it was', () => {
    const parsed = parseDsl(JSON.stringify(doc));
    const graph = dslToGraph(parsed);
    const ids = graph.nodes.map((n) => n.id);
    expect(ids.indexOf('each')).toBeLessThan(ids.indexOf('shout'));
    const each = graph.nodes.find((n) => n.id === 'each')!;
    const shout = graph.nodes.find((n) => n.id === 'shout')!;
    expect(each).toMatchObject({ type: 'container', style: { width: 520, height: 260 } });
    expect(shout).toMatchObject({ parentId: 'each', extent: 'parent', position: { x: 60, y: 70 } });
    const back = graphToDsl(parsed, graph).workflow.graph.nodes;
    expect(back.find((n) => n.id === 'shout')).toEqual(doc.workflow.graph.nodes[1]);
    expect(back.find((n) => n.id === 'each')).toEqual(doc.workflow.graph.nodes[2]);
  });

  it('offer a step inside the item, the index and what runs before the container; the container its steps', () => {
    const graph = dslToGraph(parseDsl(JSON.stringify(doc)));
    const outputs = { start: [{ name: 'list', type: 'array[string]' }], shout: [{ name: 'output', type: 'string' }] };
    const src = { graph, outputs, sys: [] };
    const inside = availableVariables('shout', src);
    expect(inside.map((g) => [g.nodeId, g.variables.map((v) => v.name)])).toEqual([['each', ['item', 'index']], ['start', ['list']]]);
    const container = availableVariables('each', src);
    expect(container.map((g) => g.nodeId)).toEqual(['start', 'each', 'shout']);
  });

  it('place the steps of a hand-written body inside its frame', () => {
    const bare = structuredClone(doc);
    for (const n of bare.workflow.graph.nodes) delete (n as { position?: unknown }).position;
    const graph = dslToGraph(parseDsl(JSON.stringify(bare)));
    const at = (id: string) => graph.nodes.find((n) => n.id === id)!.position;
    expect(at('each-start')).toEqual({ x: 24, y: 84 });
    expect(at('shout')).toEqual({ x: 274, y: 84 });
    expect(at('each').x).toBeGreaterThan(at('start').x);
  });

  it('say on the canvas how their body runs', () => {
    const node = (kind: string, config: Record<string, unknown>) => ({ data: { kind, config } }) as unknown as StudioNode;
    expect(containerSummary('iteration', node('iteration', { is_parallel: true, parallel_nums: 3 }).data.config)).toBe('For each item, 3 items at once');
    expect(containerSummary('loop', { loop_count: 5 })).toBe('Up to 5 rounds');
  });
});
