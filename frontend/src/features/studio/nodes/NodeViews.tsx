// One memoised component per node family; xyflow re-renders a node only when
// its own object changes, and the problem marker is read as a string so that a
// save touching other nodes does not re-render this one.
import { memo, useRef, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { CircleAlert } from 'lucide-react';
import { SOURCE, TARGET, titleOf, type StudioNode } from '../store/dsl';
import { useEditor } from '../store/editorStore';
import { StepStatus } from '../run/StepStatus';
import { useCanvasRun } from '../run/runStore';
import { stepProblemLine } from '../editor/problemText';
import { kindOf } from './catalog';
import { sourceHandles } from './handles';

/** The problems Compile found with one node, one line each ("Passages: Choose a variable."), or "". */
function useNodeProblems(id: string, kind: string): string {
  return useEditor((s) =>
    (s.trace ? [] : s.problems)
      .filter((p) => p.nodeId === id || p.nodeIds.includes(id))
      .map((p) => stepProblemLine(p, kind))
      .join('\n'),
  );
}

/**
 * A click that began on a handle (a click-to-connect, or a connection dragged
 * back onto its own node) stays off the node: xyflow would select the node,
 * and its panel opening beside the canvas would narrow and move the graph in
 * the middle of the connection.
 */
function useHandleClickGuard() {
  const pressedHandle = useRef(false);
  return {
    onPointerDown: (e: PointerEvent) => {
      pressedHandle.current = (e.target as Element).closest('.react-flow__handle') !== null;
    },
    onClick: (e: MouseEvent) => {
      if (pressedHandle.current) e.stopPropagation();
    },
  };
}

export function NodeShell({ id, data, selected, children, inbound = true, className = '' }: NodeProps<StudioNode> & { children?: ReactNode; inbound?: boolean; className?: string }) {
  const kind = kindOf(data.kind);
  const problems = useNodeProblems(id, data.kind);
  const step = useCanvasRun((s) => s.byNode[id]);
  const guard = useHandleClickGuard();
  const Icon = kind.icon;
  return (
    <div
      {...guard}
      className={`studio-node${className} tone-${kind.tone}${selected ? ' is-selected' : ''}${problems ? ' has-problem' : ''}${step ? ` run-${step.status}` : ''}`}
      data-testid="studio-node"
      data-node-id={id}
      data-node-type={data.kind}
      data-run-status={step?.status}
      title={problems || step?.error || undefined}
    >
      {step && <StepStatus step={step} />}
      {inbound && <Handle type="target" id={TARGET} position={Position.Left} className="studio-handle" />}
      <div className="studio-node-head">
        <span className="studio-node-icon" aria-hidden="true">
          <Icon size={14} />
        </span>
        <span className="studio-node-title">{titleOf({ data } as StudioNode, kind.label)}</span>
        {problems && <CircleAlert size={14} className="studio-node-alert" aria-label="Has problems" />}
      </div>
      <div className="studio-node-type">{kind.label}</div>
      {children}
    </div>
  );
}

export const StartNode = memo(function StartNode(props: NodeProps<StudioNode>) {
  return (
    <NodeShell {...props} inbound={false}>
      <Handle type="source" id={SOURCE} position={Position.Right} className="studio-handle" />
    </NodeShell>
  );
});

export const EndNode = memo(function EndNode(props: NodeProps<StudioNode>) {
  return <NodeShell {...props} />;
});

export const StepNode = memo(function StepNode(props: NodeProps<StudioNode>) {
  const handles = sourceHandles(props.data.kind, props.data.config);
  if (handles.length === 1) {
    return (
      <NodeShell {...props}>
        <Handle type="source" id={SOURCE} position={Position.Right} className="studio-handle" />
      </NodeShell>
    );
  }
  return <BranchNode {...props} />;
});

/** IF/ELSE cases and classifier classes: one labelled handle per way out. */
export const BranchNode = memo(function BranchNode(props: NodeProps<StudioNode>) {
  const handles = sourceHandles(props.data.kind, props.data.config);
  return (
    <NodeShell {...props}>
      <ul className="studio-branches">
        {handles.map((h) => (
          <li key={h.id} className="studio-branch" data-handle-id={h.id}>
            <span className="studio-branch-label">{h.label || h.id}</span>
            <Handle type="source" id={h.id} position={Position.Right} className="studio-handle" />
          </li>
        ))}
      </ul>
    </NodeShell>
  );
});
