import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { applyRunEvents, emptyRunStream, type TimelineNode } from '../../lib/run/timeline';
import { Timeline } from './Timeline';

const node = (over: Partial<TimelineNode>): TimelineNode => ({
  nodeId: 'x',
  nodeType: 'tool',
  title: '',
  status: 'succeeded',
  startedAt: '2025-01-01T00:00:00Z',
  finishedAt: '2025-01-01T00:00:00.005Z',
  elapsedMs: 5,
  error: '',
  checks: [],
  notes: [],
  timingMs: null,
  promptTokens: 0,
  completionTokens: 0,
  isVirtual: false,
  parentNodeId: '',
  extraction: null,
  ...over,
});

describe('Timeline with virtual sub-nodes', () => {
  const nodes = [
    node({ nodeId: 'start', nodeType: 'start' }),
    node({ nodeId: 'llm1', nodeType: 'llm' }),
    node({ nodeId: 'fetch', title: 'Fetch article' }),
    node({
      nodeId: 'fetch_ext_1',
      nodeType: 'llm',
      title: 'Extraction: Which article?',
      parentNodeId: 'fetch',
      isVirtual: true,
      promptTokens: 40,
      completionTokens: 3,
      extraction: { source: 'llm1.context', prompt: 'Which article?', text: 'Article 12' },
    }),
  ];

  it('nests them under their parent, collapsed, and opens them on click', () => {
    render(<Timeline nodes={nodes} live={true} />);
    expect(screen.getByTestId('timeline-summary')).toHaveTextContent('2 steps') // sub-steps are not counted;
    const fetch = document.querySelector('[data-node-id="fetch"]') as HTMLElement;
    const toggle = within(fetch).getByRole('button', { name: /1 extraction/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('[data-node-id="fetch_ext_1"]')).toBeNull();
    fireEvent.click(toggle);
    const ext = within(fetch).getByText('Extraction: Which article?').closest('li') as HTMLElement;
    expect(ext).toHaveAttribute('data-node-id', 'fetch_ext_1');
    expect(ext).toHaveTextContent('40 → 3 tokens');
    const detail = within(ext).getByTestId('timeline-extraction');
    const pairs = [...detail.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['From', 'llm1.context'],
      ['Asked', 'Which article?'],
      ['Got', 'Article 12'],
    ]);
  });

  it('opens them by itself when one fails, with its error', () => {
    const failed = nodes.map((n) => (n.nodeId === 'fetch_ext_1' ? { ...n, status: 'failed' as const, error: 'llm invocation failed' } : n));
    render(<Timeline nodes={failed} live={true} />);
    const fetch = document.querySelector('[data-node-id="fetch"]') as HTMLElement;
    expect(within(fetch).getByRole('button', { name: /1 extraction/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(fetch).getByText('llm invocation failed')).toBeInTheDocument();
  });
});

describe('virtual nodes in the stream and the record', () => {
  it('keeps the parent from live events', () => {
    const state = applyRunEvents(emptyRunStream, [
      { seq: 1, type: 'node_started', time: '2025-01-01T00:00:00Z', data: { node_id: 'fetch', node_type: 'tool' } },
      { seq: 2, type: 'node_started', time: '2025-01-01T00:00:00Z', data: { node_id: 'fetch_ext_1', node_type: 'llm', is_virtual: true, parent_node_id: 'fetch' } },
    ] as never);
    expect(state.nodes.map((n) => [n.nodeId, n.parentNodeId])).toEqual([
      ['fetch', ''],
      ['fetch_ext_1', 'fetch'],
    ]);
  });

  it('shows what an extraction asked and the text it streams, then its final output', () => {
    const started = applyRunEvents(emptyRunStream, [
      {
        seq: 1,
        type: 'node_started',
        time: '2025-01-01T00:00:00Z',
        data: { node_id: 'fetch_ext_1', node_type: 'llm', is_virtual: true, parent_node_id: 'fetch', extraction_source: 'llm1.context', extraction_prompt: 'Which article?' },
      },
      { seq: 2, type: 'node_stream_chunk', data: { node_id: 'fetch_ext_1', selector: ['fetch_ext_1', 'text'], chunk: 'Article ' } },
      { seq: 3, type: 'node_stream_chunk', data: { node_id: 'fetch_ext_1', selector: ['fetch_ext_1', 'text'], chunk: '12 ' } },
    ] as never);
    expect(started.nodes[0]!.extraction).toEqual({ source: 'llm1.context', prompt: 'Which article?', text: 'Article 12 ' });
    expect(started.segments).toEqual([]);
    const done = applyRunEvents(started, [
      { seq: 4, type: 'node_succeeded', data: { node_id: 'fetch_ext_1', node_type: 'llm', status: 'succeeded', outputs: { text: 'Article 12' } } },
    ] as never);
    expect(done.nodes[0]!.extraction?.text).toBe('Article 12');
  });
});

describe('the timeline the history brings with an answer', () => {
  it('shows the stored steps with their checks, timings and tokens, and a step the run never finished as stopped', () => {
    const steps: TimelineNode[] = [
      node({ nodeId: 'start', nodeType: 'start', title: 'Start' }),
      node({ nodeId: 'cite', nodeType: 'cited-answer', finishedAt: '2025-01-01T00:00:01Z', elapsedMs: 1000, promptTokens: 900, completionTokens: 60, checks: [{ name: 'quotes', passed: true, detail: '' }], timingMs: { prompt: 1, llm: 990, postprocess: 2, total: 993 } }),
      node({ nodeId: 'fetch', nodeType: 'tool', status: 'running', finishedAt: null, elapsedMs: 0 }),
    ];
    render(<Timeline nodes={steps} live={false} />);
    fireEvent.click(screen.getByRole('button', { name: /Steps/ }));
    const status = (id: string) => document.querySelector(`[data-node-id="${id}"]`)?.getAttribute('data-status');
    expect([status('cite'), status('fetch')]).toEqual(['succeeded', 'cancelled']);
    const cite = document.querySelector('[data-node-id="cite"]') as HTMLElement;
    expect(within(cite).getByText(/900 → 60 tokens/)).toBeInTheDocument();
    expect(within(cite).getByText(/model 990 ms/)).toBeInTheDocument();
    expect(within(cite).getByTestId('timeline-elapsed')).toHaveTextContent('1 s');
    expect(within(document.querySelector('[data-node-id="fetch"]') as HTMLElement).getByTestId('timeline-elapsed')).toHaveTextContent('');
  });
});
