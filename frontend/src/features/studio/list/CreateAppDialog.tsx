import { useId, useState, type FormEvent } from 'react';
import { FilePlus2, MessagesSquare, Workflow } from 'lucide-react';
import type { AppDocument, AppTemplate } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';
import { useCreateApp, useTemplates } from '../../../shared/apps/queries';
import { modeLabel } from './AppCard';
import { errorText } from '../../../lib/format';

type Mode = 'chatflow' | 'workflow';

const modeHelp: Record<Mode, string> = {
  chatflow: 'Answers messages in a conversation, turn by turn.',
  workflow: 'Maps inputs to outputs in one batch run.',
};

/** New app: a mode, then a blank graph or one of the templates. */
export function CreateAppDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (doc: AppDocument) => void }) {
  const [mode, setMode] = useState<Mode>('chatflow');
  const [template, setTemplate] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const templates = useTemplates();
  const create = useCreateApp();
  const formId = useId();
  const choices = (templates.data ?? []).filter((t) => t.mode === mode);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onCreated(await create.mutateAsync({ mode, template, name: name.trim(), description: '' }));
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Dialog
      title="New app"
      description="Start from a blank graph or from one of the legal templates; everything can be changed on the canvas."
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={create.isPending}>
            Create app
          </Button>
        </>
      }
    >
      <form id={formId} className="studio-form" noValidate onSubmit={onSubmit}>
        {error && (
          <Callout tone="danger" role="alert" title="The app was not created">
            {error}
          </Callout>
        )}
        <fieldset className="choice-group">
          <legend className="field-label">Kind</legend>
          <div className="choice-row">
            {(['chatflow', 'workflow'] as const).map((m) => (
              <ModeChoice key={m} mode={m} checked={mode === m} onPick={() => { setMode(m); setTemplate(''); }} />
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group">
          <legend className="field-label">Start from</legend>
          <div className="template-list" role="radiogroup" aria-label="Start from">
            <TemplateChoice id="" name="Blank" description={`An empty ${mode} to build from scratch.`} checked={template === ''} onPick={setTemplate} />
            {choices.map((t: AppTemplate) => (
              <TemplateChoice key={t.id} id={t.id} name={t.name} description={t.description} checked={template === t.id} onPick={setTemplate} />
            ))}
          </div>
        </fieldset>
        <Field label="Name" note="Optional">
          {(control) => (
            <input {...control} className="input" value={name} maxLength={120} autoComplete="off"
              placeholder={choices.find((t) => t.id === template)?.name ?? `Untitled ${mode}`} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

function ModeChoice({ mode, checked, onPick }: { mode: Mode; checked: boolean; onPick: () => void }) {
  const Icon = mode === 'chatflow' ? MessagesSquare : Workflow;
  return (
    <label className={`choice-card${checked ? ' is-checked' : ''}`}>
      <input type="radio" name="mode" value={mode} checked={checked} onChange={onPick} className="sr-only" />
      <Icon size={18} aria-hidden="true" />
      <span className="choice-card-text">
        <strong>{modeLabel[mode]}</strong>
        <span>{modeHelp[mode]}</span>
      </span>
    </label>
  );
}

function TemplateChoice(p: { id: string; name: string; description: string; checked: boolean; onPick: (id: string) => void }) {
  return (
    <label className={`template-choice${p.checked ? ' is-checked' : ''}`} data-testid="template-choice">
      <input type="radio" name="template" value={p.id} checked={p.checked} onChange={() => p.onPick(p.id)} className="sr-only" />
      {p.id === '' && <FilePlus2 size={16} aria-hidden="true" />}
      <span className="choice-card-text">
        <strong>{p.name}</strong>
        <span>{p.description}</span>
      </span>
    </label>
  );
}
