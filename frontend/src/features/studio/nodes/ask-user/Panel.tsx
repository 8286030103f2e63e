import { textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { Section } from '../../panel/fields';
import { PromptEditor } from '../../panel/PromptEditor';

export function AskUserPanel({ id, config, update, errors }: PanelProps) {
  return (
    <Section title="Clarifying question" hint="Ends the turn with this question; the user’s answer starts the next turn with sys.pending_intent set.">
      <PromptEditor nodeId={id} label="Question" value={textOf(config, 'question')} onChange={(t) => update({ question: t }, 'question')} error={errors.question} rows={3} />
      <PromptEditor nodeId={id} label="Intent" value={textOf(config, 'intent')} onChange={(t) => update({ intent: t }, 'intent')} rows={2}
        hint="What the flow was trying to do, carried to the next turn." />
    </Section>
  );
}
