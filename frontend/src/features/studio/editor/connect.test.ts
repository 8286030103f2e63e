import { beforeEach, describe, expect, it } from 'vitest';
import legalQA from '../store/testdata/legal-qa.json';
import { useEditor } from '../store/editorStore';
import { testDocument } from '../store/testDocument';
import { connectAndFill } from './connect';

const RETRIEVAL = { nodeId: 'retrieve', outputs: [{ name: 'result', type: 'array[object]' }, { name: 'query', type: 'string' }] };
const doc = testDocument(legalQA as Parameters<typeof testDocument>[0]);
const hits = () => useEditor.getState().graph.present.nodes.find((n) => n.id === 'cite')!.data.config!.hits_variable_selector;
const linked = () => useEditor.getState().graph.present.edges.some((e) => e.source === 'retrieve' && e.target === 'cite');
const link = { source: 'retrieve', target: 'cite', sourceHandle: null, targetHandle: null };

/** The Legal Q&A app with its retrieval and cited answer not joined, and the answer's passages not chosen. */
function loadUnjoined(outputs: (typeof RETRIEVAL)[]) {
  useEditor.getState().load({ ...doc, outputs });
  const s = useEditor.getState();
  const cite = s.graph.present.nodes.find((n) => n.id === 'cite')!;
  s.dispatch({ type: 'updateConfig', id: 'cite', config: { ...cite.data.config, hits_variable_selector: [] } });
  const edge = useEditor.getState().graph.present.edges.find((e) => e.source === 'retrieve' && e.target === 'cite')!;
  s.dispatch({ type: 'edgesChanged', changes: [{ type: 'select', id: edge.id, selected: true }] });
  s.dispatch({ type: 'removeSelected' });
}

describe('connecting two steps', () => {
  beforeEach(() => loadUnjoined([RETRIEVAL]));

  it('fills the only compatible variable, as an undo step of its own', () => {
    connectAndFill(link);
    expect(linked()).toBe(true);
    expect(hits()).toEqual(['retrieve', 'result']);
    useEditor.getState().dispatch({ type: 'undo' });
    expect([linked(), hits()]).toEqual([true, []]);
    useEditor.getState().dispatch({ type: 'undo' });
    expect(linked()).toBe(false);
  });

  it('waits for the save that declares a new step’s outputs', () => {
    loadUnjoined([]);
    connectAndFill(link);
    expect(hits()).toEqual([]);
    const s = useEditor.getState();
    s.saveSucceeded({ ...doc, outputs: [RETRIEVAL] }, s.graph.revision);
    expect(hits()).toEqual(['retrieve', 'result']);
  });
});
