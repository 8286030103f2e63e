import { listOf, numberOf, recordOf } from '../config';
import type { PanelProps } from '../panelProps';
import { CollectionsField } from '../../panel/CollectionsField';
import { DocumentsField } from '../../panel/DocumentsField';
import { NumberField, Section, Toggle } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { MAX_TOP_K, QUERY_SLOT } from './definition';

export function RetrievalPanel({ id, config, update, errors }: PanelProps) {
  const cfg = recordOf(config, 'multiple_retrieval_config');
  const setCfg = (patch: Record<string, unknown>, field: string) => update({ multiple_retrieval_config: { ...cfg, ...patch } }, `multiple_retrieval_config.${field}`);
  const followUp = recordOf(config, 'follow_up');
  const across = recordOf(config, 'across_documents');
  const threshold = numberOf(cfg, 'score_threshold');
  const thresholdOn = cfg.score_threshold_enabled !== false && threshold !== undefined;
  return (
    <>
      <Section title="Query">
        <VariablePicker nodeId={id} label="Search for" value={config.query_variable_selector} onChange={(s) => update({ query_variable_selector: s }, 'query_variable_selector')} error={errors.query_variable_selector} testId="panel-query" accepts={QUERY_SLOT.accepts} />
      </Section>
      <CollectionsField selected={listOf<string>(config, 'dataset_ids')} onChange={(ids) => update({ dataset_ids: ids }, 'dataset_ids')} />
      <DocumentsField selected={listOf<string>(config, 'document_ids')} onChange={(ids) => update({ document_ids: ids }, 'document_ids')} />
      <Section title="Ranking">
        <NumberField label="Top K" hint="How many passages to keep." value={numberOf(cfg, 'top_k')} onChange={(v) => setCfg({ top_k: v }, 'top_k')} min={1} max={MAX_TOP_K} step={1} placeholder="5" error={errors['multiple_retrieval_config.top_k']} testId="panel-top-k" />
        <Toggle label="Drop passages under a score" checked={thresholdOn} onChange={(on) => setCfg({ score_threshold_enabled: on, score_threshold: on ? (threshold ?? 0.5) : threshold }, 'score_threshold_enabled')} />
        {thresholdOn && (
          <NumberField label="Score threshold" value={threshold} onChange={(v) => setCfg({ score_threshold: v }, 'score_threshold')} min={0} step={0.1} error={errors['multiple_retrieval_config.score_threshold']} />
        )}
      </Section>
      <Section title="In a conversation" hint="Lexflow settings; an app exported to Dify ignores them.">
        <Toggle
          label="Search a follow-up with the question it follows (the default model writes it; without one, the earlier question is carried over)"
          checked={followUp.enabled === true}
          onChange={(on) => update({ follow_up: { model: { provider: '', name: '' }, ...followUp, enabled: on } }, 'follow_up.enabled')}
          testId="panel-follow-up"
        />
        <Toggle
          label="Check every document for “Which contracts …?” questions, and list those that answer"
          checked={across.enabled === true}
          onChange={(on) => update({ across_documents: { ...across, enabled: on } }, 'across_documents.enabled')}
          testId="panel-across-documents"
        />
      </Section>
    </>
  );
}
