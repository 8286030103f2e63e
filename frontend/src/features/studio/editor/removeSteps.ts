// Deleting the selection, and saying which remaining steps read from what
// went: their references are now broken (drawn so in their settings, each
// with a fix offered), so the person knows where to look.
import { toast } from '../../../components/ui/toast/toastStore';
import { isRecord } from '../nodes/config';
import { splitReferences } from '../panel/references';
import { useEditor } from '../store/editorStore';
import { stepTitle } from '../store/stepTitles';

export function removeSelectedSteps(): void {
  const before = useEditor.getState().graph.present.nodes;
  const gone = new Set(before.filter((n) => n.selected).map((n) => n.id));
  useEditor.getState().dispatch({ type: 'removeSelected' });
  const after = useEditor.getState().graph.present.nodes;
  if (gone.size === 0 || after.length === before.length) return;
  const readers = after.filter((n) => refersTo(n.data.config, gone)).map(stepTitle);
  if (readers.length === 0) return;
  toast.info(`${readers.join(', ')} ${readers.length === 1 ? 'reads' : 'read'} from the deleted step`, 'Its settings mark the broken reference and offer a fix.');
}

/** True when a config holds a selector or a {{#…#}} reference to one of `ids`. */
export function refersTo(value: unknown, ids: ReadonlySet<string>): boolean {
  if (typeof value === 'string') return splitReferences(value).some((s) => s.selector !== undefined && ids.has(s.selector[0]!));
  if (Array.isArray(value)) {
    const selector = value.length >= 2 && value.every((v) => typeof v === 'string');
    return (selector && ids.has(value[0] as string)) || value.some((v) => refersTo(v, ids));
  }
  return isRecord(value) && Object.values(value).some((v) => refersTo(v, ids));
}
