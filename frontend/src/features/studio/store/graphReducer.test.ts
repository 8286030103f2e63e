import { describe, expect, it } from 'vitest';
import legalQA from './testdata/legal-qa.json';
import { dslToGraph, graphToDsl, parseDsl, type StudioNode } from './dsl';
import { graphReducer, initialGraphState, newNodeId, type GraphAction, type GraphState } from './graphReducer';

const doc = parseDsl(JSON.stringify(legalQA));
const start = () => initialGraphState(dslToGraph(doc));
const run = (state: GraphState, ...actions: GraphAction[]) => actions.reduce(graphReducer, state);
const node = (id: string): StudioNode => ({ id, type: 'step', position: { x: 5, y: 6 }, data: { kind: 'llm', config: { title: 'LLM' }, extra: {} } });
const select = (id: string): GraphAction => ({ type: 'nodesChanged', changes: [{ type: 'select', id, selected: true }] });

describe('graphReducer', () => {
  it('adds, connects, and undoes and redoes each step', () => {
    const s = run(start(), { type: 'addNode', node: node('llm_1') }, { type: 'connect', connection: { source: 'cite', target: 'llm_1', sourceHandle: 'source', targetHandle: 'target' } });
    expect(s.present.nodes.map((n) => n.id)).toContain('llm_1');
    expect(s.present.edges.at(-1)).toMatchObject({ source: 'cite', target: 'llm_1' });
    expect(s.revision).toBe(2);
    const undone = run(s, { type: 'undo' });
    expect(undone.present.edges.some((e) => e.target === 'llm_1')).toBe(false);
    const twice = run(undone, { type: 'undo' });
    expect(twice.present.nodes.some((n) => n.id === 'llm_1')).toBe(false);
    expect(run(twice, { type: 'redo' }, { type: 'redo' }).present).toEqual(s.present);
  });

  it('writes a new plain connection without handles, like the DSL’s own edges', () => {
    const s = run(start(), { type: 'addNode', node: node('llm_1') }, { type: 'connect', connection: { source: 'answer', target: 'llm_1', sourceHandle: 'source', targetHandle: 'target' } });
    const edge = graphToDsl(doc, s.present).workflow.graph.edges.at(-1);
    expect(edge).toEqual({ id: 'answer-source-llm_1', source: 'answer', target: 'llm_1' });
  });

  it('ignores a self-loop and a duplicate link', () => {
    const s = start();
    expect(run(s, { type: 'connect', connection: { source: 'cite', target: 'cite', sourceHandle: null, targetHandle: null } })).toBe(s);
    expect(run(s, { type: 'connect', connection: { source: 'start', target: 'retrieve', sourceHandle: 'source', targetHandle: 'target' } })).toBe(s);
  });

  it('deletes the selection with its edges as one step', () => {
    const s = run(start(), select('retrieve'), { type: 'removeSelected' });
    expect(s.present.nodes.map((n) => n.id)).toEqual(['start', 'cite', 'answer']);
    expect(s.present.edges.map((e) => `${e.source}>${e.target}`)).toEqual(['cite>answer']);
    expect(run(s, { type: 'undo' }).present.nodes).toHaveLength(4);
  });

  it('makes a whole drag one step, and selection none', () => {
    const moving = run(
      start(),
      select('cite'),
      { type: 'nodesChanged', changes: [{ type: 'position', id: 'cite', position: { x: 1, y: 1 }, dragging: true }] },
      { type: 'nodesChanged', changes: [{ type: 'position', id: 'cite', position: { x: 50, y: 60 }, dragging: true }] },
    );
    expect(moving.revision).toBe(0);
    const dropped = run(moving, { type: 'nodesChanged', changes: [{ type: 'position', id: 'cite', position: { x: 80, y: 90 }, dragging: false }] });
    expect(dropped.revision).toBe(1);
    expect(dropped.past).toHaveLength(1);
    const cite = graphToDsl(doc, dropped.present).workflow.graph.nodes.find((n) => n.id === 'cite');
    expect(cite?.position).toEqual({ x: 80, y: 90 });
    expect(run(dropped, { type: 'undo' }).present.nodes.find((n) => n.id === 'cite')?.data._autoPosition).toBe(true);
  });

  it('names new nodes after their type without clashing', () => {
    expect(newNodeId('if-else', [node('if_else_1')])).toBe('if_else_2');
  });
});

describe('undo and selection', () => {
  it('leaves the step being edited selected (its panel open) when an edit of it is undone', () => {
    const onlyCite: GraphAction = { type: 'nodesChanged', changes: [{ type: 'select', id: 'llm_1', selected: false }, { type: 'select', id: 'cite', selected: true }] };
    const connected = run(start(), { type: 'addNode', node: node('llm_1') }, onlyCite, { type: 'updateConfig', id: 'cite', config: { title: 'Checked' } });
    const undone = run(connected, { type: 'undo' });
    expect(undone.present.nodes.find((n) => n.id === 'cite')!.data.config!.title).toBe('Answer with citations');
    expect(undone.present.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['cite']);
  });
});

describe('config edits', () => {
  const edit = (title: string, field = 'title'): GraphAction => ({ type: 'updateConfig', id: 'cite', config: { ...doc.workflow.graph.nodes[2]!.data, title }, field });
  const titleOf = (s: GraphState) => s.present.nodes.find((n) => n.id === 'cite')!.data.config!.title;

  it('makes typing in one field one undo step, and keeps keys the panel does not show', () => {
    const s = run(start(), edit('A'), edit('An'), edit('Ans'));
    expect(titleOf(s)).toBe('Ans');
    expect(s.revision).toBe(3);
    expect(s.past).toHaveLength(1);
    expect(titleOf(run(s, { type: 'undo' }))).toBe('Answer with citations');
    const cfg = graphToDsl(doc, s.present).workflow.graph.nodes.find((n) => n.id === 'cite')!.data;
    expect(cfg).toMatchObject({ title: 'Ans', uncited_policy: 'partial', hits_variable_selector: ['retrieve', 'result'] });
  });

  it('starts a new step for another field or after another edit', () => {
    const s = run(start(), edit('A'), edit('A', 'uncited_policy'), edit('Ab'));
    expect(s.past).toHaveLength(3);
  });
});
