import { textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { Section } from '../../panel/fields';
import { PromptEditor } from '../../panel/PromptEditor';

export function AnswerPanel({ id, config, update, errors }: PanelProps) {
  return (
    <Section title="Reply">
      <PromptEditor nodeId={id} label="Reply template" value={textOf(config, 'answer')} onChange={(t) => update({ answer: t }, 'answer')} error={errors.answer}
        hint="Streams as soon as the variables it reads are ready." placeholder="The reply, with variables such as {{#llm.text#}}" testId="panel-answer" />
    </Section>
  );
}
