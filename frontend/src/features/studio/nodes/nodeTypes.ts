// At module scope, so that xyflow sees the same object on every render.
import type { NodeTypes } from '@xyflow/react';
import { ContainerNode } from './ContainerNode';
import { BranchNode, EndNode, StartNode, StepNode } from './NodeViews';

export const nodeTypes: NodeTypes = { start: StartNode, end: EndNode, step: StepNode, branch: BranchNode, container: ContainerNode };
