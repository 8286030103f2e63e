import { memo, type DragEvent } from 'react';
import { useReactFlow } from '@xyflow/react';
import { GROUPS, kindOf, type NodeKind } from '../nodes/catalog';
import { useEditor } from '../store/editorStore';
import { useNodeTypes } from '../../../shared/apps/queries';
import { freeSpot, newNode, PALETTE_MIME } from './addNode';
import { withBody } from './containers';

/** Every node type the backend registers, grouped; drag one onto the canvas, or press it to add it in the middle. */
export function Palette() {
  const types = useNodeTypes();
  const kinds = (types.data ?? []).map(kindOf).filter((k) => !k.hidden);
  return (
    <aside className="studio-palette" aria-label="Node types">
      <h2 className="studio-palette-title">Add a step</h2>
      {types.error && <p className="studio-palette-error">The node types could not be loaded: {types.error.message}</p>}
      {GROUPS.map((group) => {
        const inGroup = kinds.filter((k) => k.group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} className="studio-palette-group">
            <h3>{group}</h3>
            <ul>
              {inGroup.map((k) => (
                <PaletteItem key={k.type} kind={k} />
              ))}
            </ul>
          </section>
        );
      })}
    </aside>
  );
}

const PaletteItem = memo(function PaletteItem({ kind }: { kind: NodeKind }) {
  const flow = useReactFlow();
  const dispatch = useEditor((s) => s.dispatch);
  const Icon = kind.icon;
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(PALETTE_MIME, kind.type);
    e.dataTransfer.effectAllowed = 'copy';
  };
  const addInMiddle = () => {
    const box = document.querySelector('.studio-canvas')?.getBoundingClientRect();
    const at = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2 - 110, y: box.top + box.height / 2 - 24 }) : { x: 0, y: 0 };
    const nodes = useEditor.getState().graph.present.nodes;
    const [node, ...also] = withBody(newNode(kind.type, freeSpot(at, nodes), nodes), nodes);
    dispatch({ type: 'addNode', node: node!, also });
  };
  return (
    <li>
      <button type="button" className={`studio-palette-item tone-${kind.tone}`} draggable onDragStart={onDragStart} onClick={addInMiddle}
        title={kind.description} data-testid="palette-item" data-node-type={kind.type}>
        <span className="studio-node-icon" aria-hidden="true">
          <Icon size={14} />
        </span>
        <span>{kind.label}</span>
      </button>
    </li>
  );
});
