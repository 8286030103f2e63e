import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, RemoveButton, removeAt, replaceAt, Section } from '../../panel/fields';
import { MemorySettings, ModelSettings } from '../../panel/ModelSettings';
import { PromptEditor } from '../../panel/PromptEditor';
import { ROLES, type PromptMessage, type Role } from './definition';

const roleLabel: Record<Role, string> = { system: 'System', user: 'User', assistant: 'Assistant' };

export function LLMPanel({ id, config, update, errors }: PanelProps) {
  const messages = listOf<PromptMessage>(config, 'prompt_template');
  const set = (next: PromptMessage[], field: string) => update({ prompt_template: next }, field);
  const edit = (i: number, patch: Partial<PromptMessage>, field: string) => set(replaceAt(messages, i, { ...messages[i]!, ...patch }), `prompt_template.${i}.${field}`);
  const add = () => set([...messages, { role: messages.length === 0 ? 'system' : 'user', text: '' }], 'prompt_template');
  return (
    <>
      <ModelSettings config={config} update={update} errors={errors} />
      <Section title="Prompt" action={<AddButton onClick={add} testId="add-message">Add message</AddButton>}>
        {errors.prompt_template && <p className="panel-error">{errors.prompt_template}</p>}
        {messages.map((m, i) => (
          <PromptEditor
            key={i}
            nodeId={id}
            label={`${roleLabel[m.role] ?? m.role} message`}
            value={textOf(m, 'text')}
            onChange={(t) => edit(i, { text: t }, 'text')}
            error={errors[`prompt_template.${i}.role`]}
            testId={`prompt-${i}`}
            aside={
              <>
                <select className="prompt-role" value={m.role} aria-label={`Role of message ${i + 1}`} onChange={(e) => edit(i, { role: e.target.value as Role }, 'role')}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {roleLabel[r]}
                    </option>
                  ))}
                </select>
                {messages.length > 1 && <RemoveButton label={`Remove message ${i + 1}`} onClick={() => set(removeAt(messages, i), 'prompt_template')} />}
              </>
            }
          />
        ))}
      </Section>
      <MemorySettings config={config} update={update} errors={errors} />
    </>
  );
}
