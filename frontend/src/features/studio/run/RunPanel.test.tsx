// Dragging a step changes the graph on every frame; the run column beside the
// canvas reads only what it shows (the Start step's inputs, the titles of the
// steps that streamed), so a drag must not re-render it.
import { Profiler } from 'react';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { emptyRunStream } from '../../../lib/run/timeline';
import { useEditor } from '../store/editorStore';
import { testDocument } from '../store/testDocument';
import { RunPanel } from './RunPanel';
import { useCanvasRun } from './runStore';

const dsl = {
  version: '0.1.0',
  kind: 'lexflow-app',
  app: { name: 'Memo', mode: 'workflow' as const },
  workflow: {
    graph: {
      nodes: [
        { id: 'start', type: 'start', data: { title: 'Start', variables: [{ variable: 'facts', type: 'paragraph', label: 'Facts' }] }, position: { x: 0, y: 0 } },
        { id: 'draft', type: 'llm', data: { title: 'Draft the memo' }, position: { x: 300, y: 0 } },
        { id: 'end', type: 'end', data: { title: 'End', outputs: [] }, position: { x: 600, y: 0 } },
      ],
      edges: [
        { source: 'start', target: 'draft' },
        { source: 'draft', target: 'end' },
      ],
    },
  },
};

const doc = testDocument(dsl);

/** Moves a step as a drag does, one frame at a time. */
function drag(id: string, frames: number) {
  for (let i = 1; i <= frames; i++) {
    act(() => useEditor.getState().dispatch({ type: 'nodesChanged', changes: [{ type: 'position', id, position: { x: 300 + i * 5, y: i * 3 }, dragging: true }] }));
  }
}

describe('the run panel while a step is dragged', () => {
  beforeEach(() => {
    useEditor.getState().load(doc);
    useCanvasRun.setState({ runId: 'r1', origin: 'workflow', live: true, stream: emptyRunStream, streamed: { draft: 'The contract ends on notice.' }, outputs: null });
  });

  it('does not re-render on drag frames, and still follows a rename', () => {
    let commits = 0;
    renderWithClient(
      <Profiler id="run" onRender={() => commits++}>
        <RunPanel onClose={() => {}} />
      </Profiler>,
    );
    expect(screen.getByText('Draft the memo')).toBeInTheDocument();
    expect(screen.getByLabelText('Facts')).toBeInTheDocument();
    const before = commits;
    drag('draft', 30);
    drag('start', 30);
    expect(commits).toBe(before);

    act(() => useEditor.getState().dispatch({ type: 'updateConfig', id: 'draft', config: { title: 'Draft the advice' }, field: 'title' }));
    expect(screen.getByText('Draft the advice')).toBeInTheDocument();
  });
});
