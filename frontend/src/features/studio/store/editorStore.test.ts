import { beforeEach, describe, expect, it } from 'vitest';
import legalQA from './testdata/legal-qa.json';
import { dslToGraph, parseDsl } from './dsl';
import { shownGraph, useEditor } from './editorStore';
import { testDocument } from './testDocument';

const doc = testDocument(legalQA as Parameters<typeof testDocument>[0]);

/** The app as an earlier run ran it: one more step, since deleted. */
function ranGraph() {
  const graph = dslToGraph(parseDsl(JSON.stringify(legalQA)));
  return { ...graph, nodes: [...graph.nodes, { ...graph.nodes[0]!, id: 'gone', data: { ...graph.nodes[0]!.data, config: { title: 'Deleted since' } } }] };
}

describe('a traced run on the canvas', () => {
  beforeEach(() => useEditor.getState().load(doc));

  it('draws the graph the run ran, selects in it, and leaves the app’s graph and saves alone', () => {
    const app = useEditor.getState().graph;
    useEditor.getState().showTrace(ranGraph());
    expect(shownGraph(useEditor.getState()).nodes.map((n) => n.id)).toContain('gone');

    useEditor.getState().dispatch({ type: 'nodesChanged', changes: [{ type: 'select', id: 'gone', selected: true }] });
    useEditor.getState().dispatch({ type: 'removeSelected' });
    expect(useEditor.getState().trace!.nodes.find((n) => n.id === 'gone')?.selected).toBe(true);
    expect(useEditor.getState().graph).toBe(app);

    useEditor.getState().showTrace(null);
    expect(shownGraph(useEditor.getState())).toBe(app.present);
  });
});
