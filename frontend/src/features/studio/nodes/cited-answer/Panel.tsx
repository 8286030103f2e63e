import { numberOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { NumberField, Section, SelectField } from '../../panel/fields';
import { ModelSettings } from '../../panel/ModelSettings';
import { VariablePicker } from '../../panel/VariablePicker';
import { HITS_SLOT, QUESTION_SLOT, UNCITED_POLICIES } from './definition';

export function CitedAnswerPanel({ id, config, update, errors }: PanelProps) {
  return (
    <>
      <Section title="Question and evidence">
        <VariablePicker nodeId={id} label="Question" value={config.query_variable_selector} onChange={(s) => update({ query_variable_selector: s }, 'query_variable_selector')} error={errors.query_variable_selector} accepts={QUESTION_SLOT.accepts} testId="panel-question" />
        <VariablePicker nodeId={id} label="Passages" value={config.hits_variable_selector} onChange={(s) => update({ hits_variable_selector: s }, 'hits_variable_selector')} error={errors.hits_variable_selector} accepts={HITS_SLOT.accepts} testId="panel-passages"
          hint="A knowledge retrieval’s result." />
        <SelectField label="Uncited claims" value={textOf(config, 'uncited_policy') || 'partial'} onChange={(v) => update({ uncited_policy: v }, 'uncited_policy')} options={UNCITED_POLICIES} error={errors.uncited_policy} />
        <NumberField label="Minimum passage score" note="Optional" value={numberOf(config, 'min_score')} onChange={(v) => update({ min_score: v }, 'min_score')} min={0} step={0.1} placeholder="Keep every passage" error={errors.min_score} />
      </Section>
      <ModelSettings config={config} update={update} errors={errors} />
    </>
  );
}
