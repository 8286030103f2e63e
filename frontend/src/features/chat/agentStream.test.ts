import { describe, expect, it } from 'vitest';
import type { Event, GenerationDetail } from '../../lib/api.gen';
import { segmentsFromDetail } from '../../lib/run/segments';
import { applyRunEvents, emptyRunStream, streamedAnswer } from '../../lib/run/timeline';
import { argumentSummary, passageNumbers, resultSummary } from '../../lib/run/toolCalls';
import { workSteps } from './WorkSteps';

let seq = 0;
const ev = (type: string, data: Record<string, unknown> = {}): Event => ({ seq: ++seq, topic: 'run:r1', type, time: '2025-01-01T00:00:00Z', data: { kind: type, ...data } });
const chunk = (output: string, c: unknown, extra: Record<string, unknown> = {}) =>
  ev('node_stream_chunk', { node_id: 'agent', node_type: 'agent', selector: ['agent', output], chunk: typeof c === 'string' ? c : JSON.stringify(c), ...extra });

describe('an agent turn', () => {
  it('streams reasoning, each tool call with its result, and the answer, in order', () => {
    seq = 0;
    const s = applyRunEvents(emptyRunStream, [
      ev('node_started', { node_id: 'agent', node_type: 'agent', title: 'Research' }),
      chunk('reasoning', 'Search first.'),
      chunk('tool_calls', { phase: 'call', index: 0, id: 'c0', name: 'search_collection', arguments: { query: 'notice' } }),
      chunk('tool_calls', { phase: 'result', index: 0, result: '[1] id=a | Act\ntext\n\n[2] id=b | Act\nmore', failed: false }),
      chunk('reasoning', 'Fetch Article 12.'),
      chunk('tool_calls', { phase: 'call', index: 1, id: 'c1', name: 'fetch_article', arguments: { article: 'Article 12' } }),
      ev('node_stream_chunk', { node_id: 'answer', node_type: 'answer', selector: ['answer', 'answer'], chunk: 'Thirty days [1].', response: true }),
    ]);
    expect(s.segments.map((x) => x.type)).toEqual(['reasoning', 'tool_call', 'reasoning', 'tool_call', 'content']);
    const [first, second] = s.segments.filter((x) => x.type === 'tool_call').map((x) => (x.type === 'tool_call' ? x.call : null));
    expect(first?.result).toContain('[2] id=b');
    expect(resultSummary(first!)).toBe('2 passages');
    expect(second?.result).toBeNull(); // still running
    expect(argumentSummary(second?.arguments)).toBe('“Article 12”');
    expect(argumentSummary({ chunk_id: 'b' }, passageNumbers(s.segments))).toBe('around passage [2]');
    expect(streamedAnswer(s)).toBe('Thirty days [1].');
    expect(workSteps(s.segments).map((x) => x.type)).toEqual(['reasoning', 'tool_call', 'reasoning', 'tool_call']);
  });

  it('takes the checked answer from the agent when its tools found passages, and not otherwise', () => {
    seq = 0;
    const done = (status: string) =>
      applyRunEvents(emptyRunStream, [
        ev('node_started', { node_id: 'agent', node_type: 'agent' }),
        ev('node_succeeded', { node_id: 'agent', node_type: 'agent', outputs: { text: 'Thirty days [1].', status, citations: [], claims: [] } }),
      ]).cited;
    expect(done('success')?.answer).toBe('Thirty days [1].');
    expect(done('')).toBeNull();
  });

  it('reads the same order back from the stored generation detail', () => {
    const g: GenerationDetail = {
      reasoningContent: ['Search first.', 'Answer now.'],
      toolCalls: [
        { name: 'search_collection', arguments: { query: 'notice' }, result: '[1] id=a | Act\ntext' },
        { name: 'fetch_article', arguments: { article: 'Article 99' }, result: 'error: fetch "Article 99": nothing found' },
      ],
      sequence: [
        { type: 'reasoning', index: 0 },
        { type: 'tool_call', index: 0 },
        { type: 'tool_call', index: 1 },
        { type: 'reasoning', index: 1 },
        { type: 'content', start: 0, end: 16 },
      ],
    };
    const segs = segmentsFromDetail(g, 'Thirty days [1].', 'agent');
    expect(segs.map((x) => x.type)).toEqual(['reasoning', 'tool_call', 'tool_call', 'reasoning', 'content']);
    const failed = segs[2];
    expect(failed?.type === 'tool_call' && failed.call.failed).toBe(true);
    expect(failed?.type === 'tool_call' && resultSummary(failed.call)).toBe('failed');
  });
});
