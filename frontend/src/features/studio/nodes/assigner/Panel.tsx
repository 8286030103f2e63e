import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, removeAt, replaceAt, Section, SelectField, TextField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { itemsOf, operandOf, OPERATIONS, readsVariable, type AssignItem } from './definition';

const SOURCES = [
  { value: 'variable', label: 'From a variable' },
  { value: 'constant', label: 'A value' },
];

export function AssignerPanel({ id, config, update, errors }: PanelProps) {
  const items = itemsOf(config);
  // Writing always uses Dify's version 2 form; a version 1 write was read into one item.
  const set = (next: AssignItem[], field: string) =>
    update({ version: '2', items: next, assigned_variable_selector: undefined, input_variable_selector: undefined, write_mode: undefined }, field);
  const edit = (i: number, patch: Partial<AssignItem>, field: string) => set(replaceAt(items, i, { ...items[i]!, ...patch }), `items.${i}.${field}`);
  const add = () => set([...items, { variable_selector: [], input_type: 'variable', operation: 'over-write', value: [] }], 'items');
  return (
    <Section title="Conversation variables" hint="Written in order; later steps and the next turn read the new values." action={<AddButton onClick={add}>Add variable</AddButton>}>
      {errors.items && <p className="panel-error">{errors.items}</p>}
      {items.map((it, i) => (
        <ItemCard key={i} title={it.variable_selector?.[1] || `Variable ${i + 1}`} removeLabel={`Remove write ${i + 1}`} onRemove={() => set(removeAt(items, i), 'items')}>
          <VariablePicker nodeId={id} label="Variable" value={it.variable_selector} onChange={(s) => edit(i, { variable_selector: s }, 'variable_selector')} error={errors[`items.${i}.variable_selector`]} />
          <SelectField label="Operation" value={it.operation} options={OPERATIONS} onChange={(op) => edit(i, { operation: op, ...operandDefaults(op, it) }, 'operation')} error={errors[`items.${i}.operation`]} />
          {operandOf(it.operation) === 'either' && (
            <SelectField label="Value comes" value={it.input_type === 'constant' ? 'constant' : 'variable'} options={SOURCES} onChange={(t) => edit(i, { input_type: t as AssignItem['input_type'], value: t === 'constant' ? '' : [] }, 'input_type')} />
          )}
          {readsVariable(it) ? (
            <VariablePicker nodeId={id} label="Value" value={Array.isArray(it.value) ? (it.value as string[]) : []} onChange={(s) => edit(i, { value: s }, 'value')} error={errors[`items.${i}.value`]} />
          ) : (
            operandOf(it.operation) !== 'none' && (
              <TextField label="Value" value={constantText(it.value)} onChange={(t) => edit(i, { value: constantOf(t) }, 'value')} error={errors[`items.${i}.value`]} placeholder="Text, a number, or JSON" mono />
            )
          )}
        </ItemCard>
      ))}
    </Section>
  );
}

/** What the value becomes when the operation changes what it needs. */
function operandDefaults(op: string, it: AssignItem): Partial<AssignItem> {
  const operand = operandOf(op);
  if (operand === 'none') return { value: undefined };
  if (operand === 'variable') return { input_type: 'variable', value: Array.isArray(it.value) ? it.value : [] };
  if (operand === 'constant') return { input_type: 'constant', value: Array.isArray(it.value) ? '' : it.value };
  return {};
}

function constantText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A typed constant: JSON when it reads as JSON (numbers, lists, objects), else the text. */
function constantOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
