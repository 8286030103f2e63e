// A textarea that shows {{#node.var#}} references as chips, drawn by a
// backdrop behind the transparent text, and inserts them from the variable
// picker at the caret. References to variables that are not available
// upstream are drawn in the danger colour, each with its fixes beneath.
import { useRef, type ReactNode } from 'react';
import { Field } from '../../../components/ui/Field';
import { insertAt, referenceTo, splitReferences } from './references';
import { TemplateFixes } from './ReferenceFix';
import { isAvailable } from './upstream';
import { useAvailableVariables } from './useNodeConfig';
import { VariableOptions } from './VariablePicker';

interface Props {
  nodeId: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  rows?: number;
  testId?: string;
  /** Extra controls in the label row, e.g. a role picker. */
  aside?: ReactNode;
}

export function PromptEditor({ nodeId, label, value, onChange, error, hint, placeholder, rows = 5, testId, aside }: Props) {
  const groups = useAvailableVariables(nodeId);
  const area = useRef<HTMLTextAreaElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  // A reference that cannot be read here is explained, with its fixes, inside the editor.
  const invalid = !!error || splitReferences(value).some((s) => s.selector && !isAvailable(s.selector, groups));

  const insert = (selector: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, referenceTo(selector.split('.')));
    onChange(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <div className={`prompt-editor${invalid ? ' is-invalid' : ''}`}>
          <div className="prompt-editor-bar">
            {aside}
            <select className="prompt-insert" value="" aria-label={`Insert a variable into ${label}`} onChange={(e) => e.target.value && insert(e.target.value)} data-testid="insert-variable">
              <option value="">{'{x}'} Insert variable</option>
              <VariableOptions groups={groups} />
            </select>
          </div>
          <div className="prompt-editor-field">
            <div className="prompt-editor-backdrop" ref={backdrop} aria-hidden="true">
              {splitReferences(value).map((s, i) =>
                s.selector ? (
                  <mark key={i} className={isAvailable(s.selector, groups) ? 'prompt-ref' : 'prompt-ref is-unknown'}>
                    {s.text}
                  </mark>
                ) : (
                  <span key={i}>{s.text}</span>
                ),
              )}
              {'\n'}
            </div>
            <textarea
              {...p}
              ref={area}
              className="prompt-editor-text"
              rows={rows}
              value={value}
              placeholder={placeholder}
              spellCheck={false}
              dir="auto"
              data-testid={testId}
              onChange={(e) => onChange(e.target.value)}
              onScroll={(e) => backdrop.current && (backdrop.current.scrollTop = e.currentTarget.scrollTop)}
            />
          </div>
          <TemplateFixes text={value} groups={groups} onChange={onChange} />
        </div>
      )}
    </Field>
  );
}
