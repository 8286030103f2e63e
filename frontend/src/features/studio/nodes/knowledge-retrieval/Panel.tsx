import { useCollections } from '../../../library/queries';
import { listOf, numberOf, recordOf } from '../config';
import type { PanelProps } from '../panelProps';
import { NumberField, Section, Toggle } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { MAX_TOP_K } from './definition';

export function RetrievalPanel({ id, config, update, errors }: PanelProps) {
  const cfg = recordOf(config, 'multiple_retrieval_config');
  const setCfg = (patch: Record<string, unknown>, field: string) => update({ multiple_retrieval_config: { ...cfg, ...patch } }, `multiple_retrieval_config.${field}`);
  const threshold = numberOf(cfg, 'score_threshold');
  const thresholdOn = cfg.score_threshold_enabled !== false && threshold !== undefined;
  return (
    <>
      <Section title="Query">
        <VariablePicker nodeId={id} label="Search for" value={config.query_variable_selector} onChange={(s) => update({ query_variable_selector: s }, 'query_variable_selector')} error={errors.query_variable_selector} testId="panel-query" />
      </Section>
      <Collections selected={listOf<string>(config, 'dataset_ids')} onChange={(ids) => update({ dataset_ids: ids }, 'dataset_ids')} />
      <Section title="Ranking">
        <NumberField label="Top K" hint="How many passages to keep." value={numberOf(cfg, 'top_k')} onChange={(v) => setCfg({ top_k: v }, 'top_k')} min={1} max={MAX_TOP_K} step={1} placeholder="5" error={errors['multiple_retrieval_config.top_k']} testId="panel-top-k" />
        <Toggle label="Drop passages under a score" checked={thresholdOn} onChange={(on) => setCfg({ score_threshold_enabled: on, score_threshold: on ? (threshold ?? 0.5) : threshold }, 'score_threshold_enabled')} />
        {thresholdOn && (
          <NumberField label="Score threshold" value={threshold} onChange={(v) => setCfg({ score_threshold: v }, 'score_threshold')} min={0} step={0.1} error={errors['multiple_retrieval_config.score_threshold']} />
        )}
      </Section>
    </>
  );
}

/** The library's collections as checkboxes; none checked searches them all. */
function Collections({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const collections = useCollections();
  const list = collections.data ?? [];
  const known = new Set(list.map((c) => c.id));
  const missing = selected.filter((id) => collections.data && !known.has(id));
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <Section title="Collections" hint={selected.length === 0 ? 'None chosen: every collection is searched.' : undefined}>
      {collections.error && <p className="panel-error">The collections could not be loaded: {collections.error.message}</p>}
      {collections.data && list.length === 0 && <p className="panel-empty">The library has no collections yet.</p>}
      <ul className="panel-checklist">
        {list.map((c) => (
          <li key={c.id}>
            <Toggle label={`${c.name} · ${c.documents} document${c.documents === 1 ? '' : 's'}`} checked={selected.includes(c.id)} onChange={(on) => toggle(c.id, on)} />
          </li>
        ))}
        {missing.map((id) => (
          <li key={id}>
            <Toggle label={`${id} (no longer in the library)`} checked onChange={() => toggle(id, false)} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
