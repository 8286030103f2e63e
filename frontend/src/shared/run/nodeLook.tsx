// How a run's step looks: its node type's name, icon and colour. The node types are the
// studio's (features/studio/nodes/catalog.ts), which shared/ may not import; the app hands
// their look to the pages that show runs (app/routes.tsx), and the studio to its own trace.
import { createContext, useContext, type ComponentType } from 'react';
import { Shapes, type LucideIcon } from 'lucide-react';

export interface NodeLook {
  label: string;
  icon: LucideIcon;
  /** A colour name the styles know (wf-tone-…, node-tone-…). */
  tone: string;
}

export type NodeLookOf = (nodeType: string) => NodeLook;

/** Before the node types are known: every step a plain one under its type's name. */
const plainLook: NodeLookOf = (nodeType) => ({ label: nodeType, icon: Shapes, tone: 'slate' });

export const NodeLooks = createContext<NodeLookOf>(plainLook);

export function useNodeLook(): NodeLookOf {
  return useContext(NodeLooks);
}

/** A page that shows runs, with its steps drawn by lookOf. */
export function withNodeLooks<P extends object>(Page: ComponentType<P>, lookOf: NodeLookOf): ComponentType<P> {
  return function WithNodeLooks(props: P) {
    return (
      <NodeLooks.Provider value={lookOf}>
        <Page {...props} />
      </NodeLooks.Provider>
    );
  };
}
