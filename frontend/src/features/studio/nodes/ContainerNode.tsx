// An iteration or a loop: a frame the steps of its body are drawn in (their
// DSL parentId), as Dify draws them, with the container's ways in and out.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { SOURCE, type StudioNode } from '../store/dsl';
import { numberOf, textOf } from './config';
import { NodeShell } from './NodeViews';
import './container.css';

/** The one line the frame shows under its title: how its body runs. */
export function containerSummary(kind: string, config: Record<string, unknown> | undefined): string {
  if (kind === 'loop') return `Up to ${numberOf(config, 'loop_count') ?? 10} rounds`;
  const mode = config?.is_parallel === true ? `${numberOf(config, 'parallel_nums') ?? 10} items at once` : 'one item at a time';
  const onError = textOf(config, 'error_handle_mode');
  return `For each item, ${mode}${onError && onError !== 'terminated' ? ', failed items do not stop it' : ''}`;
}

export const ContainerNode = memo(function ContainerNode(props: NodeProps<StudioNode>) {
  return (
    <NodeShell {...props} className=" is-container">
      <p className="studio-container-summary">{containerSummary(props.data.kind, props.data.config)}</p>
      <div className="studio-container-body" aria-hidden="true" />
      <Handle type="source" id={SOURCE} position={Position.Right} className="studio-handle" />
    </NodeShell>
  );
});
