import { memo, useMemo, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { NodeExecution, Run } from '../../lib/api.gen';
import { elapsedOf, executionTitle, formatDuration, formatTokens } from '../../shared/run/display';
import { NodeStatusIcon } from '../../shared/run/NodeStatusIcon';
import { useNodeLook } from '../../shared/run/nodeLook';
import { axisTicks, layoutWaterfall, spanOf, type WaterfallRow } from './waterfall';

interface RowProps {
  row: WaterfallRow<NodeExecution>;
  now: number;
  selected: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
}

/** The words beside a step's title: its round inside a container, and its kind unless the title is that already. */
function typeLine(round: number | null, title: string, kindLabel: string): string {
  if (typeof round !== 'number') return kindLabel;
  return title === kindLabel ? `round ${round + 1}` : `round ${round + 1} · ${kindLabel}`;
}

const Row = memo(function Row({ row, now, selected, onSelect, onToggle }: RowProps) {
  const n = row.node;
  const kind = useNodeLook()(n.nodeType);
  const Icon = kind.icon;
  const title = executionTitle(n, kind.label);
  return (
    <li
      className={`wf-row${selected ? ' wf-row-selected' : ''}${n.isVirtual ? ' wf-row-virtual' : ''}`}
      data-testid="waterfall-row"
      data-node-type={n.nodeType}
      data-status={n.status}
      data-depth={row.depth}
    >
      <div className="wf-label" style={{ paddingInlineStart: `${row.depth * 18}px` }}>
        {row.childCount > 0 ? (
          <button
            type="button"
            className="wf-toggle"
            aria-expanded={!row.collapsed}
            aria-label={`${row.collapsed ? 'Show' : 'Hide'} ${row.childCount} sub-step${row.childCount === 1 ? '' : 's'} of ${title}`}
            onClick={() => onToggle(n.id)}
          >
            <ChevronRight size={13} aria-hidden="true" />
          </button>
        ) : (
          <span className="wf-toggle-space" />
        )}
        <button type="button" className="wf-select" aria-pressed={selected} onClick={() => onSelect(n.id)}>
          <NodeStatusIcon status={n.status} />
          <span className={`wf-type-icon wf-tone-${kind.tone}`} aria-hidden="true">
            <Icon size={12} />
          </span>
          <span className="wf-title" dir="auto" title={title}>
            {title}
          </span>
          <span className="wf-type">{typeLine(n.round, title, kind.label)}</span>
        </button>
      </div>
      <div className="wf-track" aria-hidden="true">
        <span
          className={`wf-bar wf-bar-${n.status}${row.live ? ' wf-bar-live' : ''}`}
          style={{ insetInlineStart: `${row.offsetPct}%`, width: `${row.widthPct}%` }}
        />
      </div>
      <span className="wf-num" data-testid="waterfall-duration">
        {formatDuration(elapsedOf(n, now))}
      </span>
      <span className="wf-num wf-tokens">{formatTokens(n.promptTokens, n.completionTokens)}</span>
    </li>
  );
});

/** Few enough ticks that their labels fit the track beside the step names. */
const AXIS_TICKS = 4;

function Axis({ lengthMs }: { lengthMs: number }) {
  return (
    <div className="wf-axis" aria-hidden="true">
      <span className="wf-axis-label">Step</span>
      <div className="wf-axis-track">
        {axisTicks(lengthMs, AXIS_TICKS).map((t) => (
          <span key={t} className="wf-tick" style={{ insetInlineStart: `${(t / lengthMs) * 100}%` }}>
            {t === 0 ? '0' : formatDuration(t)}
          </span>
        ))}
      </div>
      <span className="wf-num">Time</span>
      <span className="wf-num wf-tokens">Tokens</span>
    </div>
  );
}

export interface WaterfallProps {
  run: Run;
  nodes: readonly NodeExecution[];
  now: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The trace: one row per node execution in start order, bars on the run's real time axis. */
export function Waterfall({ run, nodes, now, selectedId, onSelect }: WaterfallProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const span = useMemo(() => spanOf(run, nodes, now), [run, nodes, now]);
  const rows = useMemo(() => layoutWaterfall(nodes, span, now, collapsed), [nodes, span, now, collapsed]);
  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (nodes.length === 0) return <p className="muted wf-empty">No step has started yet.</p>;
  return (
    <div className="waterfall" data-testid="waterfall">
      <Axis lengthMs={span.length} />
      <ol className="wf-rows" aria-label="Steps in start order">
        {rows.map((row) => (
          <Row key={row.node.id} row={row} now={now} selected={row.node.id === selectedId} onSelect={onSelect} onToggle={toggle} />
        ))}
      </ol>
    </div>
  );
}
