// What a container hands the steps inside it, under its own id (the engine's
// Body.Locals): an iteration's item and index, a loop's variables.
import type { VariableDecl } from '../../../lib/api.gen';
import { listOf, textOf, type Config } from './config';

export function bodyLocals(kind: string, config: Config | undefined): VariableDecl[] {
  if (kind === 'iteration') return [{ name: 'item', type: 'any' }, { name: 'index', type: 'number' }];
  if (kind === 'loop') {
    return listOf(config, 'loop_variables')
      .map((v) => ({ name: textOf(v, 'label'), type: textOf(v, 'var_type') || 'any' }))
      .filter((v) => v.name !== '');
  }
  return [];
}
