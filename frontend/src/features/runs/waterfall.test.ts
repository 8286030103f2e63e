import { describe, expect, it } from 'vitest';
import { axisTicks, barOf, layoutWaterfall, spanOf, type TimedNode } from './waterfall';

const T0 = Date.parse('2026-05-01T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

let seq = 0;
function node(nodeId: string, startMs: number, endMs: number | null, extra: Partial<TimedNode> = {}): TimedNode {
  seq++;
  return {
    id: `x${seq}`,
    nodeId,
    parentNodeId: '',
    round: null,
    position: seq,
    status: endMs === null ? 'running' : 'succeeded',
    startedAt: at(startMs),
    finishedAt: endMs === null ? null : at(endMs),
    elapsedMs: endMs === null ? 0 : endMs - startMs,
    ...extra,
  };
}

const finishedRun = { startedAt: at(0), finishedAt: at(1000), status: 'succeeded' };

describe('spanOf', () => {
  it('runs from the run start to its finish', () => {
    expect(spanOf(finishedRun, [], T0 + 5000)).toEqual({ start: T0, length: 1000 });
  });

  it('grows to now while the run is live', () => {
    const live = { startedAt: at(0), finishedAt: null, status: 'running' };
    expect(spanOf(live, [node('a', 0, null)], T0 + 2500).length).toBe(2500);
  });

  it('stretches to cover a node that finished after the run', () => {
    expect(spanOf(finishedRun, [node('a', 900, 1200)], T0).length).toBe(1200);
  });

  it('is never zero long, so bars can be placed in an instant run', () => {
    const instant = { startedAt: at(0), finishedAt: at(0), status: 'succeeded' };
    expect(spanOf(instant, [node('a', 0, 0)], T0).length).toBe(1);
  });
});

describe('barOf', () => {
  const span = { start: T0, length: 1000 };

  it('places a bar by its real start and elapsed time', () => {
    expect(barOf(node('a', 250, 750), span, T0)).toEqual({ offsetPct: 25, widthPct: 50 });
  });

  it('gives a zero-length node no width at its start', () => {
    expect(barOf(node('a', 400, 400), span, T0)).toEqual({ offsetPct: 40, widthPct: 0 });
  });

  it('draws a still-running node up to now', () => {
    expect(barOf(node('a', 200, null), span, T0 + 700)).toEqual({ offsetPct: 20, widthPct: 50 });
  });

  it('uses the elapsed time when a finished node has no finish time', () => {
    const n = node('a', 100, 300, { finishedAt: null, status: 'failed' });
    expect(barOf(n, span, T0 + 900)).toEqual({ offsetPct: 10, widthPct: 20 });
  });

  it('keeps bars inside the axis', () => {
    expect(barOf(node('a', -50, 2000), span, T0)).toEqual({ offsetPct: 0, widthPct: 100 });
    expect(barOf(node('b', 900, 1500), span, T0)).toEqual({ offsetPct: 90, widthPct: 10 });
  });
});

describe('layoutWaterfall', () => {
  const span = { start: T0, length: 1000 };

  it('orders rows by real start, whatever order they came in', () => {
    const rows = layoutWaterfall([node('late', 500, 600), node('early', 0, 100)], span, T0);
    expect(rows.map((r) => r.node.nodeId)).toEqual(['early', 'late']);
  });

  it('nests virtual sub-nodes under their parent, one level deeper', () => {
    const tool = node('tool1', 100, 900);
    const other = node('other', 200, 300);
    const ext = node('tool1_ext_1', 150, 400, { parentNodeId: 'tool1' });
    const rows = layoutWaterfall([tool, other, ext], span, T0);
    expect(rows.map((r) => [r.node.nodeId, r.depth])).toEqual([
      ['tool1', 0],
      ['tool1_ext_1', 1],
      ['other', 0],
    ]);
    expect(rows[0]!.childCount).toBe(1);
  });

  it('hides the sub-nodes of a collapsed row but still counts them', () => {
    const tool = node('tool1', 100, 900);
    const rows = layoutWaterfall([tool, node('tool1_ext_1', 150, 400, { parentNodeId: 'tool1' })], span, T0, new Set([tool.id]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ childCount: 1, collapsed: true });
  });

  it('puts a sub-node under the run of its parent that it started in', () => {
    const first = node('llm', 0, 200);
    const second = node('llm', 500, 800);
    const ext = node('llm_ext', 600, 650, { parentNodeId: 'llm' });
    const rows = layoutWaterfall([first, second, ext], span, T0);
    expect(rows.map((r) => [r.node.id, r.childCount])).toEqual([
      [first.id, 0],
      [second.id, 1],
      [ext.id, 0],
    ]);
  });

  it('lists the steps inside a parallel iteration by round, then in start order within the round', () => {
    const each = node('each', 0, 500);
    const inRound = (round: number, startMs: number, nodeId: string) => node(nodeId, startMs, startMs + 50, { parentNodeId: 'each', round });
    const steps = [inRound(2, 10, 'start'), inRound(2, 20, 'label'), inRound(0, 30, 'start'), inRound(0, 40, 'label'), inRound(1, 50, 'start'), inRound(1, 60, 'label')];
    const rows = layoutWaterfall([each, ...steps], span, T0);
    expect(rows.map((r) => [r.node.round, r.node.nodeId])).toEqual([
      [null, 'each'],
      [0, 'start'],
      [0, 'label'],
      [1, 'start'],
      [1, 'label'],
      [2, 'start'],
      [2, 'label'],
    ]);
  });

  it('keeps a sub-node whose parent is missing at the top level', () => {
    const rows = layoutWaterfall([node('orphan', 0, 10, { parentNodeId: 'gone' })], span, T0);
    expect(rows.map((r) => r.depth)).toEqual([0]);
  });

  it('never loses a row to sub-nodes that name each other as parents', () => {
    const a = node('a', 0, 10, { parentNodeId: 'b' });
    const b = node('b', 5, 10, { parentNodeId: 'a' });
    expect(layoutWaterfall([a, b], span, T0)).toHaveLength(2);
  });

  it('marks still-running rows live', () => {
    const rows = layoutWaterfall([node('a', 0, null)], span, T0 + 300);
    expect(rows[0]).toMatchObject({ live: true, widthPct: 30 });
  });
});

describe('axisTicks', () => {
  it('picks round steps', () => {
    expect(axisTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(axisTicks(2300)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('copes with a zero-length axis', () => {
    expect(axisTicks(0)).toEqual([0]);
  });
});
