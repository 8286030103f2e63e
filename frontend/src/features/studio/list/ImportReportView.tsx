import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ImportReport, NodeImport } from '../../../lib/api.gen';
import { ImportDatasets } from './ImportDatasets';
import { ImportModels } from './ImportModels';

type Outcome = NodeImport['outcome'];

/** The sections of a report, worst first; mapped nodes are only counted. */
const SECTIONS: { outcome: Outcome; title: string; tone: 'danger' | 'warning' | 'neutral' }[] = [
  { outcome: 'unsupported', title: 'Not supported', tone: 'danger' },
  { outcome: 'attention', title: 'Needs attention', tone: 'warning' },
  { outcome: 'changed', title: 'Mapped with a change', tone: 'neutral' },
];

/** The mappings a person settles before an import: models and datasets, each by the id the DSL names. */
export type ImportChoices = { models: Record<string, string>; datasets: Record<string, string> };

/**
 * What an import did, node by node, and whether the app can run. With
 * onChoose the model and dataset mappings are editable (before the import
 * is confirmed).
 */
export function ImportReportView({
  report,
  choices,
  onChoose,
}: {
  report: ImportReport;
  choices?: ImportChoices;
  onChoose?: (kind: keyof ImportChoices, from: string, to: string) => void;
}) {
  const source = report.source === 'dify' ? `Dify${report.sourceVersion ? ` ${report.sourceVersion}` : ''}` : 'Lexflow';
  const mapped = report.nodes.filter((n) => n.outcome === 'mapped').length;
  return (
    <div className="import-report" data-testid="import-report">
      <p className={`import-report-summary ${report.runnable ? 'is-runnable' : 'is-blocked'}`} data-testid="import-summary">
        {report.runnable ? <CircleCheck size={15} aria-hidden="true" /> : <TriangleAlert size={15} aria-hidden="true" />}
        <span>
          Read as a {source} app: {mapped} of {report.nodes.length} steps mapped as they were.{' '}
          <strong>{report.runnable ? 'The app can run.' : 'The app cannot run until the steps below are fixed.'}</strong>
        </span>
      </p>
      {report.models.length > 0 && <ImportModels models={report.models} chosen={choices?.models} onChange={onChoose && ((from, to) => onChoose('models', from, to))} />}
      {report.datasets.length > 0 && (
        <ImportDatasets datasets={report.datasets} chosen={choices?.datasets} onChange={onChoose && ((from, to) => onChoose('datasets', from, to))} />
      )}
      {SECTIONS.map((s) => (
        <NodeList key={s.outcome} title={s.title} tone={s.tone} items={report.nodes.filter((n) => n.outcome === s.outcome)} />
      ))}
      {report.notes.length > 0 && (
        <section className="import-issues import-issues-neutral">
          <h3>About the app</h3>
          <ul>
            {report.notes.map((n) => (
              <li key={n}>
                <Info size={13} aria-hidden="true" />
                <span>{n}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function NodeList({ title, tone, items }: { title: string; tone: 'danger' | 'warning' | 'neutral'; items: NodeImport[] }) {
  if (items.length === 0) return null;
  const Icon = tone === 'danger' ? CircleAlert : tone === 'warning' ? TriangleAlert : Info;
  return (
    <section className={`import-issues import-issues-${tone}`} data-testid={`import-${tone}`}>
      <h3>
        {title} <span className="subtle">({items.length})</span>
      </h3>
      <ul>
        {items.map((n) => (
          <li key={n.nodeId}>
            <Icon size={13} aria-hidden="true" />
            <span>
              <strong>{n.title || n.nodeId}</strong> <span className="subtle">{n.sourceType}</span>
              {n.details.length > 0 && (
                <ul className="import-details">
                  {n.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
