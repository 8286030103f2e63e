// A connection made on the canvas, then the downstream step's empty variable
// settings filled where only one variable fits. The fill is its own undo
// step: undo takes it back and leaves the connection.
import type { Connection } from '@xyflow/react';
import { toast } from '../../../components/ui/toast/toastStore';
import { fieldLabel } from '../nodes/fieldLabels';
import { fillEmptySlots } from '../panel/fillSlots';
import { variableLabel } from '../panel/upstream';
import { useEditor } from '../store/editorStore';
import { stepTitle } from '../store/stepTitles';

export function connectAndFill(connection: Connection): void {
  const before = useEditor.getState().graph.revision;
  useEditor.getState().dispatch({ type: 'connect', connection });
  const s = useEditor.getState();
  if (s.graph.revision === before) return;
  const target = s.graph.present.nodes.find((n) => n.id === connection.target);
  if (!target) return;
  const fill = fillEmptySlots(target, { graph: s.graph.present, outputs: s.outputs, sys: s.sys, workflow: s.doc?.workflow });
  if (!fill) return;
  s.dispatch({ type: 'updateConfig', id: target.id, config: fill.config });
  const what = fill.filled.map((f) => `${fieldLabel(target.data.kind, f.field) || f.field}: ${variableLabel(f.from, f.selector)}`).join('; ');
  toast.info(`${stepTitle(target)} reads ${what}`, 'The only variable that fits. Undo takes it back.');
}
