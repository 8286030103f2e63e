// A variable reference chosen among what is available upstream of the node,
// named as a person knows it: "Retrieval › result", by the step's title now.
// A reference that is not available (a downstream step, a deleted one, a
// variable the step no longer gives) stays shown with a warning, rather than
// silently replaced, with a one-click fix when a step upstream gives the
// same thing. A setting that takes certain types offers only those.
import { Field } from '../../../components/ui/Field';
import { selectorOf } from '../nodes/config';
import { useStepTitle } from '../store/stepTitles';
import { ReferenceFix } from './ReferenceFix';
import { compatibleGroups, describeReference, variableLabel, type ReferenceState, type VariableGroup } from './upstream';
import { typeLabel, useAvailableVariables } from './useNodeConfig';

export function VariableOptions({ groups }: { groups: VariableGroup[] }) {
  return (
    <>
      {groups.map((g) => (
        <optgroup key={g.nodeId} label={g.kind ? `${g.title} · ${g.nodeId}` : g.title}>
          {g.variables.map((v) => (
            <option key={v.name} value={`${g.nodeId}.${v.name}`}>
              {`${variableLabel(g.title, [g.nodeId, v.name])}${typeLabel(v) ? `  (${typeLabel(v)})` : ''}`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

const STATE_NOTES: Record<ReferenceState, string> = { ok: '', deleted: 'step deleted', 'not-upstream': 'runs later', 'no-output': 'no longer given', 'wrong-type': 'wrong type' };

interface PickerProps {
  nodeId: string;
  value: unknown;
  onChange: (selector: string[]) => void;
  label: string;
  error?: string;
  hint?: string;
  testId?: string;
  /** The value types the setting takes (a node kind's slot); none: any. */
  accepts?: readonly string[];
}

/** A labelled picker for one [node_id, var] selector. */
export function VariablePicker({ nodeId, value, onChange, label, error, hint, testId, accepts }: PickerProps) {
  const all = useAvailableVariables(nodeId);
  const groups = compatibleGroups(all, accepts);
  const sel = selectorOf(value);
  const current = sel.join('.');
  const ref = describeReference(sel, all, useStepTitle(sel[0] ?? ''), accepts);
  const broken = sel.length > 0 && ref.state !== 'ok';
  return (
    <>
      {/* A broken reference says what it knows now; the last save's error about it may be older. */}
      <Field label={label} error={broken ? undefined : error} warning={broken ? ref.warning : undefined}
        hint={hint ?? (groups.length === 0 ? 'Connect a step before this one to read its outputs.' : undefined)}>
        {(p) => (
          <select {...p} className="select" value={current} onChange={(e) => onChange(e.target.value ? e.target.value.split('.') : [])} data-testid={testId} data-reference={broken ? ref.state : undefined}>
            <option value="">Choose a variable…</option>
            {broken && <option value={current}>{`${ref.label} (${STATE_NOTES[ref.state]})`}</option>}
            <VariableOptions groups={groups} />
          </select>
        )}
      </Field>
      {broken && <ReferenceFix selector={sel} groups={groups} onReplace={onChange} />}
    </>
  );
}
