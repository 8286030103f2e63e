import type { ReactNode } from 'react';
import { MousePointerClick } from 'lucide-react';
import type { NodeExecution } from '../../lib/api.gen';
import { Badge } from '../../components/ui/Badge';
import { Callout } from '../../components/ui/Callout';
import { elapsedOf, executionTitle, formatDuration, formatExactTime, statusBadgeTone, statusLabel } from './display';
import { generationText } from './generation';
import { GenerationView } from './GenerationView';
import { JsonView } from './JsonView';
import { useNodeLook } from './nodeLook';
import './NodeDetail.css';

function Section({ title, children, open = true, testId }: { title: string; children: ReactNode; open?: boolean; testId?: string }) {
  return (
    <details className="nd-section" open={open} data-testid={testId}>
      <summary className="nd-section-title">{title}</summary>
      <div className="nd-section-body">{children}</div>
    </details>
  );
}

function Facts({ node, now }: { node: NodeExecution; now: number }) {
  const facts: [string, ReactNode][] = [
    ['Started', formatExactTime(node.startedAt) || '—'],
    ['Duration', formatDuration(elapsedOf(node, now))],
    ['Tokens', node.promptTokens + node.completionTokens > 0 ? `${node.promptTokens} prompt · ${node.completionTokens} completion` : '—'],
    ['Retries', node.retries > 0 ? String(node.retries) : 'None'],
    ['Node', <code key="id">{node.nodeId}</code>],
  ];
  if (node.parentNodeId) facts.push(['Ran for', <code key="p">{node.parentNodeId}</code>]);
  return (
    <dl className="nd-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One node execution in full: facts, error, generation detail, inputs, process data, outputs. */
export function NodeDetail({ node, now }: { node: NodeExecution | null; now: number }) {
  const lookOf = useNodeLook();
  if (!node) {
    return (
      <div className="nd-placeholder">
        <MousePointerClick size={20} aria-hidden="true" />
        <p>Select a step to see its inputs, outputs and model calls.</p>
      </div>
    );
  }
  const kind = lookOf(node.nodeType);
  return (
    <div className="node-detail" data-testid="node-detail" data-node-type={node.nodeType}>
      <header className="nd-head">
        <div className="nd-title-row">
          <h2 className="nd-title" dir="auto">
            {executionTitle(node, kind.label)}
          </h2>
          <Badge tone={statusBadgeTone(node.status)}>{statusLabel(node.status)}</Badge>
        </div>
        <p className="nd-type">
          {kind.label}
          {node.isVirtual && ' · variable extraction'}
        </p>
      </header>
      <Facts node={node} now={now} />
      {node.error && (
        <Callout tone="danger" title={node.status === 'exception' ? 'Error (handled by its error strategy)' : 'Error'}>
          <span dir="auto">{node.error}</span>
        </Callout>
      )}
      {node.generationDetail && (
        <Section title="Generation" testId="node-generation">
          <GenerationView detail={node.generationDetail} text={generationText(node.outputs)} />
        </Section>
      )}
      {node.variables && Object.keys(node.variables).length > 0 && (
        <Section title="Variables read" testId="node-variables">
          <JsonView value={node.variables} label="Variables read" />
        </Section>
      )}
      <Section title="Inputs">
        <JsonView value={node.inputs} label="Inputs" />
      </Section>
      <Section title="Process data" open={!node.generationDetail}>
        <JsonView value={node.processData} label="Process data" />
      </Section>
      <Section title="Outputs">
        <JsonView value={node.outputs} label="Outputs" />
      </Section>
    </div>
  );
}
