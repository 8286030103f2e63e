import { describe, expect, it } from 'vitest';
import type { StudioNode } from '../store/dsl';
import { freeSpot } from './addNode';

const at = (id: string, x: number, y: number) => ({ id, position: { x, y } }) as unknown as StudioNode;

describe('where a step added by click lands', () => {
  it('is the spot asked for when it is free', () => {
    expect(freeSpot({ x: 100, y: 100 }, [at('a', 500, 100)])).toEqual({ x: 100, y: 100 });
  });

  it('moves below the steps it would cover', () => {
    expect(freeSpot({ x: 100, y: 100 }, [at('a', 120, 90), at('b', 80, 200)])).toEqual({ x: 100, y: 300 });
  });
});
