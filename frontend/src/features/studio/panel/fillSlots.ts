// Connecting two steps fills what the downstream one left empty: a variable
// setting with exactly one compatible variable upstream can mean only that
// one, so the person is not asked to pick it. Two or more, or none, and the
// setting stays empty for them to choose.
import { kindOf } from '../nodes/catalog';
import { selectorOf, type Config } from '../nodes/config';
import type { StudioNode } from '../store/dsl';
import { availableVariables, compatibleGroups, type VariableSources } from './upstream';

export interface FilledSlot {
  field: string;
  selector: string[];
  /** The step the variable comes from, by title. */
  from: string;
}

/** `node`'s config with its empty slots filled, and what was filled; null when nothing could be. */
export function fillEmptySlots(node: StudioNode, src: VariableSources): { config: Config; filled: FilledSlot[] } | null {
  const config = node.data.config ?? {};
  const slots = (kindOf(node.data.kind).slots ?? []).filter((s) => selectorOf(config[s.field]).length === 0);
  if (slots.length === 0) return null;
  const groups = availableVariables(node.id, src);
  const filled = slots.flatMap((slot): FilledSlot[] => {
    const options = compatibleGroups(groups, slot.accepts).flatMap((g) => g.variables.map((v) => ({ field: slot.field, selector: [g.nodeId, v.name], from: g.title })));
    return options.length === 1 ? options : [];
  });
  if (filled.length === 0) return null;
  return { config: { ...config, ...Object.fromEntries(filled.map((f) => [f.field, f.selector])) }, filled };
}
