import { describe, expect, it } from 'vitest';
import type { StudioEdge, StudioNode } from './dsl';
import { layeredLayout } from './layout';

const node = (id: string, y = 0): StudioNode => ({ id, type: 'step', position: { x: 0, y }, measured: { width: 200, height: 60 }, data: { kind: 'llm', config: {}, extra: {} } });
const edge = (source: string, target: string): StudioEdge => ({ id: `${source}-${target}`, source, target });
const positions = (nodes: StudioNode[]) => Object.fromEntries(nodes.map((n) => [n.id, n.position]));

describe('tidy up', () => {
  it('lays a chain left to right', () => {
    const at = positions(layeredLayout([node('a'), node('b'), node('c')], [edge('a', 'b'), edge('b', 'c')]));
    expect([at.a!.x < at.b!.x, at.b!.x < at.c!.x, at.a!.y === at.c!.y]).toEqual([true, true, true]);
  });

  it('puts unconnected steps in a grid beneath the connected ones, not down one column', () => {
    const loose = ['l1', 'l2', 'l3', 'l4', 'l5'].map((id, i) => node(id, 100 + i));
    const at = positions(layeredLayout([node('a'), node('b'), ...loose], [edge('a', 'b')]));
    const looseAt = loose.map((n) => at[n.id]!);
    // Five loose steps: three columns, two rows, all below the chain, in the order they were.
    expect(new Set(looseAt.map((p) => p.x)).size).toBe(3);
    expect(new Set(looseAt.map((p) => p.y)).size).toBe(2);
    expect(Math.min(...looseAt.map((p) => p.y))).toBeGreaterThan(at.a!.y + 60);
    expect(looseAt[0]).toEqual({ x: 0, y: looseAt[1]!.y });
    expect(looseAt[1]!.x).toBeGreaterThan(looseAt[0]!.x);
  });

  it('lays out a canvas of only unconnected steps as a grid', () => {
    const at = positions(layeredLayout(['a', 'b', 'c', 'd'].map((id, i) => node(id, i)), []));
    expect(Object.values(at)).toEqual([{ x: 0, y: 0 }, { x: 290, y: 0 }, { x: 0, y: 96 }, { x: 290, y: 96 }]);
  });
});
