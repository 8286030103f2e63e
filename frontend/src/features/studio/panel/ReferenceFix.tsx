// The one-click mends a broken reference is offered (its step deleted, or it
// no longer gives the variable): read the same thing from a step upstream,
// or, in a template, take the reference out.
import { Button } from '../../../components/ui/Button';
import { useEditor } from '../store/editorStore';
import { useStepTitles } from '../store/stepTitles';
import { replaceReference, splitReferences } from './references';
import { describeReference, isAvailable, replacementsFor, variableLabel, type VariableGroup } from './upstream';

interface FixProps {
  selector: string[];
  /** What the setting may read (already narrowed to the types it takes). */
  groups: VariableGroup[];
  onReplace: (selector: string[]) => void;
  onRemove?: () => void;
}

/** The type the referenced variable had when its step last saved, if known. */
function useDeclaredType(selector: string[]): string | undefined {
  const [id = '', name = ''] = selector;
  return useEditor((s) => s.outputs[id]?.find((v) => v.name === name)?.type);
}

export function ReferenceFix({ selector, groups, onReplace, onRemove }: FixProps) {
  const options = replacementsFor(selector, useDeclaredType(selector), groups);
  if (options.length === 0 && !onRemove) return null;
  const title = (id: string) => groups.find((g) => g.nodeId === id)?.title ?? id;
  return (
    <div className="reference-fix" data-testid="reference-fix" data-reference={selector.join('.')}>
      {options.map((sel) => (
        <Button key={sel.join('.')} size="sm" variant="secondary" onClick={() => onReplace(sel)} data-testid="reference-fix-use" data-selector={sel.join('.')}>
          Use {variableLabel(title(sel[0]!), sel)}
        </Button>
      ))}
      {onRemove && (
        <Button size="sm" variant="ghost" onClick={onRemove} data-testid="reference-fix-remove">
          Remove it
        </Button>
      )}
    </div>
  );
}

/** Each reference in a template that cannot be read here, what is wrong with it, and its fixes. */
export function TemplateFixes({ text, groups, onChange }: { text: string; groups: VariableGroup[]; onChange: (text: string) => void }) {
  const seen = new Set<string>();
  const broken = splitReferences(text).flatMap((s) => {
    if (!s.selector || isAvailable(s.selector, groups) || seen.has(s.text)) return [];
    seen.add(s.text);
    return [s.selector];
  });
  const titles = useStepTitles(broken.map((s) => s[0]!));
  if (broken.length === 0) return null;
  return (
    <ul className="reference-fixes" data-testid="template-fixes">
      {broken.map((sel) => (
        <li key={sel.join('.')}>
          <p className="reference-fix-what" dir="auto">
            <code>{`{{#${sel.join('.')}#}}`}</code> {describeReference(sel, groups, titles[sel[0]!] ?? null).warning}
          </p>
          <ReferenceFix selector={sel} groups={groups} onReplace={(to) => onChange(replaceReference(text, sel, to))} onRemove={() => onChange(replaceReference(text, sel, null))} />
        </li>
      ))}
    </ul>
  );
}
