import { describe, expect, it } from 'vitest';
import clarify from './testdata/clarify-then-answer.json';
import legalQA from './testdata/legal-qa.json';
import { dslToGraph, graphToDsl, parseDsl, type DslDocument } from './dsl';

// The fixtures are the backend's JSON export of examples/apps/*.yml.
const load = (fixture: unknown) => parseDsl(JSON.stringify(fixture));

describe('DSL ↔ canvas', () => {
  it.each([
    ['Legal Q&A', legalQA],
    ['Clarify then answer', clarify],
  ])('%s round-trips to the same DSL', (_, fixture) => {
    const doc = load(fixture);
    expect(graphToDsl(doc, dslToGraph(doc))).toEqual(fixture);
  });

  it('keeps branch handles on edges and lays out nodes without a position', () => {
    const graph = dslToGraph(load(clarify));
    const toAsk = graph.edges.find((e) => e.target === 'ask')!;
    expect(toAsk.sourceHandle).toBe('false');
    const start = graph.nodes.find((n) => n.id === 'start')!;
    const answer = graph.nodes.find((n) => n.id === 'answer')!;
    expect(answer.position.x).toBeGreaterThan(start.position.x);
    expect(new Set(graph.nodes.map((n) => `${n.position.x},${n.position.y}`)).size).toBe(graph.nodes.length);
  });

  it('drops runtime-only "_" fields and writes positions of moved nodes', () => {
    const doc = load(legalQA);
    const graph = dslToGraph(doc);
    const moved = graph.nodes.map((n) =>
      n.id === 'cite' ? { ...n, position: { x: 10, y: 20 }, data: { ...n.data, _autoPosition: false, config: { ...n.data.config, _status: 'running' } } } : n,
    );
    const out = graphToDsl(doc, { ...graph, nodes: moved });
    const cite = out.workflow.graph.nodes.find((n) => n.id === 'cite')!;
    expect(cite.position).toEqual({ x: 10, y: 20 });
    expect(cite.data).not.toHaveProperty('_status');
    expect(out.workflow.graph.nodes.find((n) => n.id === 'start')).not.toHaveProperty('position');
  });

  it('keeps keys it does not know, at every level', () => {
    const doc: DslDocument = {
      version: '0.1.0',
      kind: 'lexflow-app',
      app: { name: 'X', mode: 'workflow', icon: '⚖️' },
      workflow: {
        features: { opening: 'hi' },
        graph: {
          viewport: { x: 1, y: 2, zoom: 1 },
          nodes: [{ id: 'a', type: 'start', data: { title: 'A' }, position: { x: 1, y: 2 }, width: 240, selected: false }],
          edges: [{ id: 'x', source: 'a', target: 'a', sourceHandle: 'source', targetHandle: 'target', zIndex: 0 }],
        },
      },
    };
    expect(graphToDsl(doc, dslToGraph(doc))).toEqual(doc);
  });

  it('refuses text that is not a DSL document', () => {
    expect(() => parseDsl('{"app": {}}')).toThrow(/no graph/);
    expect(() => parseDsl('nodes: [')).toThrow();
  });
});
