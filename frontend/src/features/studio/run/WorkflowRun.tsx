// A workflow run from the canvas: a form of the Start step's inputs, then
// what the run streams and, once it ends, its outputs or its error.
import { useMemo, useState, type FormEvent } from 'react';
import { Play } from 'lucide-react';
import { Field } from '../../../components/ui/Field';
import { Button } from '../../../components/ui/Button';
import { useEditor } from '../store/editorStore';
import { inputFields, toInputs, UNSUPPORTED_TYPES, type Draft, type InputField } from './inputs';
import { RunError, useStartRun } from './RunControls';
import { useCanvasRun } from './runStore';
import { WorkflowOutput } from './WorkflowOutput';

export function WorkflowRun() {
  // The config alone: the node object changes on every frame of a drag.
  const startConfig = useEditor((s) => s.graph.present.nodes.find((n) => n.data.kind === 'start')?.data.config);
  const fields = useMemo(() => inputFields(startConfig), [startConfig]);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const live = useCanvasRun((s) => s.live);
  const run = useStartRun();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { inputs, errors } = toInputs(fields, draft);
    setErrors(errors);
    if (Object.keys(errors).length === 0) void run.start({ inputs, query: '' });
  };
  return (
    <div className="run-panel-body">
      <form className="run-form" onSubmit={submit} data-testid="run-form" noValidate>
        {fields.length === 0 && <p className="subtle">The Start step declares no inputs: the workflow runs as it is.</p>}
        {fields.map((f) => (
          <InputControl key={f.name} field={f} value={draft[f.name]} error={errors[f.name]} onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))} />
        ))}
        <RunError message={run.error} />
        <div>
          <Button type="submit" variant="primary" icon={<Play size={14} aria-hidden="true" />} loading={run.pending} disabled={live} data-testid="start-run">
            {live ? 'Running…' : 'Run workflow'}
          </Button>
        </div>
      </form>
      <WorkflowOutput />
    </div>
  );
}

function InputControl({ field: f, value, error, onChange }: { field: InputField; value: string | boolean | undefined; error?: string; onChange: (v: string | boolean) => void }) {
  const note = f.required ? undefined : 'Optional';
  if (UNSUPPORTED_TYPES.has(f.type)) {
    return <Field label={f.label} note={note} hint="File inputs are given when the workflow runs from its API; here it runs without them.">{(p) => <input {...p} className="input" disabled value="" />}</Field>;
  }
  if (f.type === 'checkbox') {
    return (
      <label className="panel-toggle">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {f.label}
      </label>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <Field label={f.label} note={note} error={error}>
      {(p) =>
        f.type === 'select' ? (
          <select {...p} className="select" value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose…</option>
            {f.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : f.type === 'paragraph' || f.type === 'json_object' ? (
          <textarea {...p} className={`textarea${f.type === 'json_object' ? ' mono' : ''}`} rows={f.type === 'paragraph' ? 4 : 3} value={text} onChange={(e) => onChange(e.target.value)} dir="auto" data-input={f.name} />
        ) : (
          <input {...p} className="input" type={f.type === 'number' ? 'number' : 'text'} value={text} maxLength={f.maxLength} onChange={(e) => onChange(e.target.value)} dir="auto" data-input={f.name} />
        )
      }
    </Field>
  );
}
