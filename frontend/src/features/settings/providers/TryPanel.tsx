import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Send, Square } from 'lucide-react';
import type { Provider } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { useModels } from '../../../shared/providers/queries';
import { TryOutput } from './TryOutput';
import { useTryStream } from './useTryStream';
import './TryPanel.css';

/** Send one prompt to the provider and watch the reply stream in. */
export function TryPanel({ provider }: { provider: Provider }) {
  const models = useModels(provider.id);
  const [model, setModel] = useState(provider.defaultModel);
  const [prompt, setPrompt] = useState('');
  const [promptError, setPromptError] = useState<string>();
  const { state, send, stop } = useTryStream(provider.id);
  const listId = useId();
  const busy = state.status === 'starting' || state.status === 'streaming';

  const firstModel = models.data?.[0]?.name;
  useEffect(() => {
    if (firstModel) setModel((m) => m || firstModel);
  }, [firstModel]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (!prompt.trim()) {
      setPromptError('Type a prompt to send.');
      return;
    }
    void send(model.trim(), prompt);
  };

  const onPromptKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  return (
    <div className="try-panel" data-testid="try-panel">
      <form className="try-form" noValidate onSubmit={submit}>
        <Field label="Model" hint={provider.builtIn ? 'The built-in provider needs no model.' : undefined}>
          {(control) => (
            <>
              <input
                {...control}
                className="input mono"
                list={models.data?.length ? listId : undefined}
                value={model}
                spellCheck={false}
                autoComplete="off"
                placeholder={provider.builtIn ? 'extractive' : 'Model name'}
                onChange={(e) => setModel(e.target.value)}
              />
              {models.data && models.data.length > 0 && (
                <datalist id={listId}>
                  {models.data.map((m) => (
                    <option key={m.name} value={m.name} />
                  ))}
                </datalist>
              )}
            </>
          )}
        </Field>
        <Field label="Prompt" error={promptError}>
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={3}
              value={prompt}
              placeholder="What is the limitation period for contractual claims?"
              onChange={(e) => {
                setPrompt(e.target.value);
                setPromptError(undefined);
              }}
              onKeyDown={onPromptKey}
            />
          )}
        </Field>
        <div className="try-actions">
          <span className="subtle try-shortcut">
            <kbd>Ctrl</kbd> + <kbd>Enter</kbd> to send
          </span>
          {busy ? (
            <Button onClick={stop} icon={<Square size={12} aria-hidden="true" />}>
              Stop
            </Button>
          ) : (
            <Button variant="primary" type="submit" icon={<Send size={14} aria-hidden="true" />}>
              Send
            </Button>
          )}
        </div>
      </form>
      {state.status !== 'idle' && <TryOutput state={state} />}
    </div>
  );
}
