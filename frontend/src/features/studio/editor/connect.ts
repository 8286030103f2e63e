// A connection made on the canvas, then the downstream step's empty variable
// settings filled where only one variable fits. The fill is its own undo
// step: undo takes it back and leaves the connection. A step dropped a
// moment ago has declared no outputs yet (they come with its first save):
// the fill then waits for that save.
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
  if (useEditor.getState().graph.revision === before) return;
  if (useEditor.getState().outputs[connection.source]) fillSlots(connection.target);
  else fillOnNextSave(connection.source, connection.target);
}

/** Fills `targetId` once the save of the connection has come back, if `sourceId` declared its outputs in it. */
function fillOnNextSave(sourceId: string, targetId: string): void {
  const { graph, app } = useEditor.getState();
  const connected = graph.revision;
  const stop = useEditor.subscribe((s) => {
    const elsewhere = s.app?.id !== app?.id; // another app opened meanwhile
    if (!elsewhere && s.savedRevision < connected && s.save.status !== 'failed') return;
    stop();
    if (!elsewhere && s.outputs[sourceId]) fillSlots(targetId);
  });
}

function fillSlots(targetId: string): void {
  const s = useEditor.getState();
  const target = s.graph.present.nodes.find((n) => n.id === targetId);
  if (!target || s.trace) return;
  const fill = fillEmptySlots(target, { graph: s.graph.present, outputs: s.outputs, sys: s.sys, workflow: s.doc?.workflow });
  if (!fill) return;
  s.dispatch({ type: 'updateConfig', id: target.id, config: fill.config });
  const what = fill.filled.map((f) => `${fieldLabel(target.data.kind, f.field) || f.field}: ${variableLabel(f.from, f.selector)}`).join('; ');
  toast.info(`${stepTitle(target)} reads ${what}`, 'The only variable that fits. Undo takes it back.');
}
