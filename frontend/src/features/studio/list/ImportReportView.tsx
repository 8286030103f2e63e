import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ImportIssue, ImportReport } from '../../../lib/api.gen';
import { plural } from '../../../lib/format';

/** What an import kept, could not map, and warned about. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const source = report.source === 'dify' ? `Dify${report.sourceVersion ? ` ${report.sourceVersion}` : ''}` : 'Lexflow';
  return (
    <div className="import-report" data-testid="import-report">
      <p className="import-report-summary">
        <CircleCheck size={15} aria-hidden="true" /> Read as a {source} app.{' '}
        {report.unsupported.length === 0 ? 'Every node was mapped.' : `${plural(report.unsupported.length, 'node')} could not be mapped.`}
      </p>
      <IssueList title="Could not be mapped" tone="danger" items={report.unsupported} />
      <IssueList title="Warnings" tone="warning" items={report.warnings} />
      <IssueList title="Mapped with changes" tone="neutral" items={report.mapped} />
    </div>
  );
}

function IssueList({ title, tone, items }: { title: string; tone: 'danger' | 'warning' | 'neutral'; items: ImportIssue[] }) {
  if (items.length === 0) return null;
  const Icon = tone === 'danger' ? CircleAlert : TriangleAlert;
  return (
    <section className={`import-issues import-issues-${tone}`}>
      <h3>{title}</h3>
      <ul>
        {items.map((it, i) => (
          <li key={`${it.nodeId}-${i}`}>
            {tone !== 'neutral' && <Icon size={13} aria-hidden="true" />}
            <span>
              {it.nodeId && <code>{it.nodeId}</code>} {it.type && <span className="subtle">({it.type})</span>} {it.reason}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
