import { useId } from 'react';
import { KeyRound, Undo2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import type { KeyAction } from './providerForm';

export interface ApiKeyFieldProps {
  /** The provider has a stored key (edit mode). */
  hasStoredKey: boolean;
  /** The masked hint of the stored key, e.g. "sk-…9f2c". */
  keyHint: string;
  keyAction: KeyAction;
  apiKey: string;
  error?: string;
  onChange: (keyAction: KeyAction, apiKey: string) => void;
}

/**
 * The API key is write-only: a stored key is never shown, only its hint, with Replace and
 * Remove actions; a new key goes in a password input.
 */
export function ApiKeyField({ hasStoredKey, keyHint, keyAction, apiKey, error, onChange }: ApiKeyFieldProps) {
  const labelId = useId();

  if (hasStoredKey && keyAction !== 'replace') {
    const removing = keyAction === 'remove';
    return (
      <div className="field" role="group" aria-labelledby={labelId}>
        <span className="field-label" id={labelId}>
          API key
        </span>
        <div className={`key-stored${removing ? ' key-stored-removing' : ''}`}>
          <KeyRound size={14} aria-hidden="true" />
          <span className="key-stored-text" data-testid="api-key-status">
            {removing ? 'The stored key will be removed when you save.' : `A key is stored (${keyHint || '…'})`}
          </span>
          {removing ? (
            <Button size="sm" variant="ghost" icon={<Undo2 size={13} aria-hidden="true" />} onClick={() => onChange('keep', '')}>
              Undo
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => onChange('replace', '')}>
                Replace
              </Button>
              <Button size="sm" variant="ghost" className="btn-danger-ghost" onClick={() => onChange('remove', '')}>
                Remove
              </Button>
            </>
          )}
        </div>
      </div>
    );
  }

  return (
    <Field
      label="API key"
      note={hasStoredKey ? undefined : 'Optional'}
      error={error}
      hint={
        hasStoredKey ? (
          <>
            The new key replaces the stored one when you save.{' '}
            <button type="button" className="link-button" onClick={() => onChange('keep', '')}>
              Keep the stored key
            </button>
          </>
        ) : (
          'Kept on this machine only, and never shown again. Local servers usually need none.'
        )
      }
    >
      {(control) => (
        <input
          {...control}
          className="input mono"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={apiKey}
          autoFocus={hasStoredKey}
          onChange={(e) => onChange(keyAction, e.target.value)}
        />
      )}
    </Field>
  );
}
