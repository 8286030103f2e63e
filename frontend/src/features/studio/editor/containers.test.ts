import { describe, expect, it } from 'vitest';
import type { StudioNode } from '../store/dsl';
import { graphReducer, initialGraphState, withInside } from '../store/graphReducer';
import { newNode } from './addNode';
import { dropInto, withBody } from './containers';

const frame = (id: string, x: number, y: number, parentId?: string): StudioNode => ({
  ...newNode('iteration', { x, y }, []),
  id,
  style: { width: 400, height: 200 },
  ...(parentId ? { parentId } : {}),
});

describe('building inside containers', () => {
  it('gives a new iteration its frame and first step, which its start_node_id names', () => {
    const [it1, start] = withBody(newNode('iteration', { x: 0, y: 0 }, []), []);
    expect(it1!.style).toMatchObject({ width: 480, height: 240 });
    expect(start).toMatchObject({ id: 'iteration_start_1', parentId: it1!.id, data: { kind: 'iteration-start', extra: { parentId: it1!.id } } });
    expect(it1!.data.config?.start_node_id).toBe('iteration_start_1');
    expect(withBody(newNode('llm', { x: 0, y: 0 }, []), [])).toHaveLength(1);
  });

  it('puts a step dropped on a frame inside the innermost one, at a position relative to it', () => {
    const nodes = [frame('outer', 100, 100), frame('inner', 50, 60, 'outer')];
    const dropped = dropInto(newNode('llm', { x: 0, y: 0 }, nodes), { x: 200, y: 250 }, nodes);
    expect(dropped).toMatchObject({ parentId: 'inner', position: { x: 50, y: 90 }, data: { extra: { parentId: 'inner' } } });
    const outside = dropInto(newNode('llm', { x: 0, y: 0 }, nodes), { x: 900, y: 900 }, nodes);
    expect(outside.parentId).toBeUndefined();
  });

  it('deletes a container with every step inside it', () => {
    const nodes = [frame('outer', 0, 0), frame('inner', 10, 60, 'outer'), { ...newNode('llm', { x: 5, y: 70 }, []), id: 'deep', parentId: 'inner' }];
    expect([...withInside(new Set(['outer']), nodes)].sort()).toEqual(['deep', 'inner', 'outer']);
    const state = graphReducer(initialGraphState({ nodes: nodes.map((n) => (n.id === 'outer' ? { ...n, selected: true } : n)), edges: [] }), { type: 'removeSelected' });
    expect(state.present.nodes).toEqual([]);
  });
});
