// A variable reference chosen among what is available upstream of the node.
// A reference that is not available (a downstream node, a deleted one) stays
// shown, marked, rather than silently replaced.
import { Field } from '../../../components/ui/Field';
import { selectorOf } from '../nodes/config';
import { isAvailable, type VariableGroup } from './upstream';
import { typeLabel, useAvailableVariables } from './useNodeConfig';

export function VariableOptions({ groups }: { groups: VariableGroup[] }) {
  return (
    <>
      {groups.map((g) => (
        <optgroup key={g.nodeId} label={g.kind ? `${g.title} · ${g.nodeId}` : g.title}>
          {g.variables.map((v) => (
            <option key={v.name} value={`${g.nodeId}.${v.name}`}>
              {`${g.nodeId === 'sys' || g.nodeId === 'env' || g.nodeId === 'conversation' ? `${g.nodeId}.` : ''}${v.name}${typeLabel(v) ? `  (${typeLabel(v)})` : ''}`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

interface PickerProps {
  nodeId: string;
  value: unknown;
  onChange: (selector: string[]) => void;
  label: string;
  error?: string;
  hint?: string;
  testId?: string;
}

/** A labelled picker for one [node_id, var] selector. */
export function VariablePicker({ nodeId, value, onChange, label, error, hint, testId }: PickerProps) {
  const groups = useAvailableVariables(nodeId);
  const sel = selectorOf(value);
  const current = sel.join('.');
  const missing = sel.length > 0 && !isAvailable(sel, groups);
  const shownError = error ?? (missing ? `${current} is not available here: it does not run before this step.` : undefined);
  return (
    <Field label={label} error={shownError} hint={hint ?? (groups.length === 0 ? 'Connect a step before this one to read its outputs.' : undefined)}>
      {(p) => (
        <select {...p} className="select" value={current} onChange={(e) => onChange(e.target.value ? e.target.value.split('.') : [])} data-testid={testId}>
          <option value="">Choose a variable…</option>
          {missing && <option value={current}>{current} (not available)</option>}
          <VariableOptions groups={groups} />
        </select>
      )}
    </Field>
  );
}
