import { describe, expect, it } from 'vitest';
import type { Event, RunDetail } from '../api.gen';
import { segmentsFromRun } from './segments';
import { applyRunEvent, applyRunEvents, emptyRunStream, stepStatus, streamedAnswer, streamedReasoning, type RunStream } from './timeline';

let seq = 0;
const ev = (type: string, data: Record<string, unknown> = {}): Event => ({ seq: ++seq, topic: 'run:r1', type, time: '2025-01-01T00:00:00Z', data: { kind: type, ...data } });

function turnEvents(): Event[] {
  seq = 0;
  return [
    ev('run_started'),
    ev('node_started', { node_id: 'start', node_type: 'start', title: 'Start', time: '2025-01-01T00:00:00.000Z' }),
    ev('node_succeeded', { node_id: 'start', node_type: 'start', elapsed: 1_000_000 }),
    ev('node_started', { node_id: 'retrieve', node_type: 'knowledge-retrieval', title: 'Search the library', time: '2025-01-01T00:00:00.010Z' }),
    ev('node_succeeded', { node_id: 'retrieve', node_type: 'knowledge-retrieval', elapsed: 4_500_000 }),
    ev('node_started', { node_id: 'cite', node_type: 'cited-answer', title: 'Cited answer' }),
    ev('node_started', { node_id: 'answer', node_type: 'answer', title: 'Answer' }),
    ev('node_stream_chunk', { node_id: 'cite', node_type: 'cited-answer', selector: ['cite', 'reasoning'], chunk: 'Evidence [1] ' }),
    ev('node_stream_chunk', { node_id: 'cite', node_type: 'cited-answer', selector: ['cite', 'reasoning'], chunk: 'speaks.' }),
    ev('node_stream_chunk', { node_id: 'cite', node_type: 'cited-answer', selector: ['cite', 'answer'], chunk: 'IGNORED ' }),
    ev('node_stream_chunk', { node_id: 'answer', node_type: 'answer', selector: ['answer', 'answer'], chunk: 'Notice is ', response: true }),
    ev('node_stream_chunk', { node_id: 'answer', node_type: 'answer', selector: ['answer', 'answer'], chunk: '30 days [1].', response: true }),
    ev('node_succeeded', {
      node_id: 'cite', node_type: 'cited-answer', elapsed: 250_000_000,
      outputs: {
        answer: 'Notice is 30 days [1].', status: 'success', error: '',
        citations: [{ marker: 1, nodeId: 'chunk-1', rank: 1, score: 2.5, quotes: [{ text: 'q', verified: true, start: 5, end: 6 }], excerpt: 'ex', locator: { docId: 'd1', docName: 'Doc', pageStart: 1, pageEnd: 1, headingPath: ['Art 1'], start: 0, end: 10 } }],
        claims: [{ text: 'Notice is 30 days [1].', start: 0, end: 22, markers: [1], verdict: 'cited' }],
      },
      process_data: { checks: [{ name: 'json', passed: true }], timing_ms: { prompt: 1, llm: 200, postprocess: 2, total: 203 } },
      usage: { prompt_tokens: 120, completion_tokens: 30 },
    }),
    ev('node_succeeded', { node_id: 'answer', node_type: 'answer', elapsed: 251_000_000 }),
    ev('run_succeeded'),
  ];
}

describe('the run-event reducer', () => {
  it('builds the timeline, the answer, the reasoning and the cited result', () => {
    const s = applyRunEvents(emptyRunStream, turnEvents());
    expect(s.nodes.map((n) => [n.nodeId, n.status])).toEqual([
      ['start', 'succeeded'], ['retrieve', 'succeeded'], ['cite', 'succeeded'], ['answer', 'succeeded'],
    ]);
    expect(s.nodes[1]!.elapsedMs).toBe(4.5);
    expect(streamedAnswer(s)).toBe('Notice is 30 days [1].');
    expect(streamedReasoning(s)).toEqual(['Evidence [1] speaks.']);
    expect(s.segments.map((x) => x.type)).toEqual(['reasoning', 'content']);
    expect(s.cited?.citations[0]?.nodeId).toBe('chunk-1');
    expect(s.cited?.status).toBe('success');
    const cite = s.nodes[2]!;
    expect(cite.checks).toEqual([{ name: 'json', passed: true, detail: '' }]);
    expect(cite.timingMs?.llm).toBe(200);
    expect([cite.promptTokens, cite.completionTokens]).toEqual([120, 30]);
    expect(s.ended).toBe(true);
    expect(s.runStatus).toBe('succeeded');
  });

  it('ignores repeated events after a resume, so nothing doubles', () => {
    const events = turnEvents();
    const half = applyRunEvents(emptyRunStream, events.slice(0, 11));
    const resumed = applyRunEvents(half, events.slice(8)); // overlapping replay
    expect(streamedAnswer(resumed)).toBe('Notice is 30 days [1].');
    expect(resumed.nodes).toHaveLength(4);
  });

  it('ignores an older event that arrives after a newer one, so a finished step does not run again', () => {
    const events = turnEvents();
    const s = applyRunEvents(emptyRunStream, events.slice(0, 5));
    const late = applyRunEvent(s, events[3]!); // retrieve's node_started, seq 4, after its node_succeeded
    expect(late).toBe(s);
    expect(late.nodes.find((n) => n.nodeId === 'retrieve')?.status).toBe('succeeded');
  });

  it('gives the same state however a replay and the live stream overlap', () => {
    const events = turnEvents();
    const once = applyRunEvents(emptyRunStream, events);
    for (let cut = 1; cut < events.length; cut++) {
      const replay = applyRunEvents(emptyRunStream, events.slice(0, cut + 2));
      expect(applyRunEvents(replay, events.slice(cut)), `overlap from event ${cut}`).toEqual(once);
    }
  });

  it('shows a retried step as retrying with the failed attempt, then as done when a retry succeeds', () => {
    seq = 0;
    const started = applyRunEvents(emptyRunStream, [ev('node_started', { node_id: 'fetch', node_type: 'http-request', time: '2025-01-01T00:00:00Z' })]);
    const retrying = applyRunEvents(started, [ev('node_retry', { node_id: 'fetch', error: 'HTTP 503' })]);
    expect(retrying.nodes[0]).toMatchObject({ status: 'retrying', error: 'HTTP 503', finishedAt: null });
    const again = applyRunEvents(retrying, [ev('node_started', { node_id: 'fetch', node_type: 'http-request' })]);
    expect(again.nodes[0]!.status).toBe('running');
    const done = applyRunEvents(again, [ev('node_succeeded', { node_id: 'fetch', node_type: 'http-request', finished_at: '2025-01-01T00:00:02Z' })]);
    expect(done.nodes).toHaveLength(1);
    expect(done.nodes[0]).toMatchObject({ status: 'succeeded', error: '', finishedAt: '2025-01-01T00:00:02Z', elapsedMs: 2000 });
  });

  it('records a failed step and a failed run with their errors, and ends the run', () => {
    seq = 0;
    const s = applyRunEvents(emptyRunStream, [
      ev('node_started', { node_id: 'llm', node_type: 'llm' }),
      ev('node_failed', { node_id: 'llm', node_type: 'llm', error: 'model not found', elapsed: 3_000_000 }),
      ev('run_failed', { error: 'llm: model not found' }),
    ]);
    expect(s.nodes[0]).toMatchObject({ status: 'failed', error: 'model not found', elapsedMs: 3 });
    expect([s.ended, s.runStatus, s.runError]).toEqual([true, 'failed', 'llm: model not found']);
  });

  it('keeps a handled failure (exception) as the step reported it', () => {
    seq = 0;
    const s = applyRunEvents(emptyRunStream, [ev('node_started', { node_id: 'x' }), ev('node_failed', { node_id: 'x', status: 'exception', error: 'bad' })]);
    expect(s.nodes[0]!.status).toBe('exception');
  });

  it('leaves the state it was given untouched', () => {
    const before: RunStream = applyRunEvents(emptyRunStream, turnEvents().slice(0, 8));
    const copy = structuredClone(before);
    applyRunEvents(before, turnEvents().slice(8));
    expect(before).toEqual(copy);
  });

  it('marks nodes still running when the run is cancelled', () => {
    const events = turnEvents().slice(0, 11);
    const s = applyRunEvents(emptyRunStream, [...events, { ...ev('run_cancelled', { error: 'stopped' }), seq: 99 }]);
    expect(s.nodes.find((n) => n.nodeId === 'cite')?.status).toBe('cancelled');
    expect(s.runStatus).toBe('cancelled');
    expect(s.runError).toBe('stopped');
    expect(streamedAnswer(s)).toBe('Notice is ');
  });
});

describe('a finished run', () => {
  const detail = {
    run: {} as RunDetail['run'],
    nodes: [
      { nodeId: 'retrieve', nodeType: 'knowledge-retrieval', title: 'Search', position: 2, status: 'succeeded', elapsedMs: 4, startedAt: '2025-01-01T00:00:00Z', finishedAt: '2025-01-01T00:00:00.004Z', isVirtual: false, processData: {}, promptTokens: 0, completionTokens: 0, error: '', generationDetail: null },
      { nodeId: 'start', nodeType: 'start', title: 'Start', position: 1, status: 'succeeded', elapsedMs: 0, startedAt: '2025-01-01T00:00:00Z', finishedAt: '2025-01-01T00:00:00Z', isVirtual: false, processData: {}, promptTokens: 0, completionTokens: 0, error: '', generationDetail: null },
      {
        nodeId: 'cite', nodeType: 'cited-answer', title: 'Cite', position: 3, status: 'succeeded', elapsedMs: 300, startedAt: '2025-01-01T00:00:00Z', finishedAt: '2025-01-01T00:00:00.3Z', isVirtual: false,
        processData: { timing_ms: { prompt: 1, llm: 2, postprocess: 3, total: 6 } }, promptTokens: 10, completionTokens: 5, error: '',
        generationDetail: { reasoningContent: ['think 🤔'], toolCalls: [], sequence: [{ type: 'reasoning', index: 0 }, { type: 'content', start: 0, end: 4 }] },
      },
    ],
  } as unknown as RunDetail;

  it('rebuilds reasoning and content in sequence order by code points', () => {
    expect(segmentsFromRun(detail, '😀bc déf')).toEqual([
      { type: 'reasoning', text: 'think 🤔' },
      { type: 'content', text: '😀bc ' },
    ]);
  });
});

describe('a stored step as the UI shows it', () => {
  it('reads a step cut short (interrupted, or running once its run ended) as stopped', () => {
    expect(stepStatus('interrupted', false)).toBe('cancelled');
    expect(stepStatus('running', true)).toBe('cancelled');
    expect(stepStatus('retrying', true)).toBe('cancelled');
    expect(stepStatus('running', false)).toBe('running');
    expect(stepStatus('exception', true)).toBe('exception');
  });
});
