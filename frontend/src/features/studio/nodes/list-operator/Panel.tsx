import { listOf, textOf, type Config } from '../config';
import { isUnary, operatorOf, OPERATORS } from '../if-else/definition';
import type { PanelProps } from '../panelProps';
import { AddButton, NumberField, RemoveButton, removeAt, replaceAt, Section, SelectField, TextField, Toggle } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { blockOf, isOn, type ListCondition } from './definition';

const ORDERS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

export function ListOperatorPanel({ id, config, update, errors }: PanelProps) {
  const setBlock = (key: string, patch: Config, field: string) => update({ [key]: { ...blockOf(config, key), ...patch } }, field);
  const conds = listOf<ListCondition>(blockOf(config, 'filter_by'), 'conditions');
  const setConds = (next: ListCondition[], field: string) => setBlock('filter_by', { conditions: next }, field);
  const edit = (i: number, patch: Partial<ListCondition>, field: string) => setConds(replaceAt(conds, i, { ...conds[i]!, ...patch }), `filter_by.conditions.${i}.${field}`);
  return (
    <>
      <Section title="List">
        <VariablePicker nodeId={id} label="List" value={Array.isArray(config.variable) ? (config.variable as string[]) : []} onChange={(s) => update({ variable: s }, 'variable')} error={errors.variable} />
      </Section>
      <Section title="Filter" hint="Keeps the items for which every condition holds." action={<Toggle label="Use a filter" checked={isOn(config, 'filter_by')} onChange={(on) => setBlock('filter_by', { enabled: on }, 'filter_by')} />}>
        {isOn(config, 'filter_by') && (
          <>
            {conds.map((c, i) => (
              <div key={i} className="panel-condition">
                <div className="panel-row">
                  <TextField label="Attribute" value={textOf(c, 'key')} onChange={(t) => edit(i, { key: t }, 'key')} placeholder="the item itself" mono />
                  <RemoveButton label={`Remove condition ${i + 1}`} onClick={() => setConds(removeAt(conds, i), 'filter_by.conditions')} />
                </div>
                <div className="panel-row">
                  <SelectField label="Comparison" value={operatorOf(textOf(c, 'comparison_operator'))} options={OPERATORS} onChange={(v) => edit(i, { comparison_operator: v }, 'comparison_operator')} error={errors[`filter_by.conditions.${i}.comparison_operator`]} />
                  {!isUnary(textOf(c, 'comparison_operator')) && <TextField label="Value" value={typeof c.value === 'string' ? c.value : c.value === undefined ? '' : JSON.stringify(c.value)} onChange={(t) => edit(i, { value: t }, 'value')} />}
                </div>
              </div>
            ))}
            <AddButton onClick={() => setConds([...conds, { key: '', comparison_operator: 'contains', value: '' }], 'filter_by.conditions')}>Add condition</AddButton>
          </>
        )}
      </Section>
      <Section title="Take one item" action={<Toggle label="Take one" checked={isOn(config, 'extract_by')} onChange={(on) => setBlock('extract_by', { enabled: on }, 'extract_by')} />}>
        {isOn(config, 'extract_by') && (
          <TextField label="Item number" value={textOf(blockOf(config, 'extract_by'), 'serial')} onChange={(t) => setBlock('extract_by', { serial: t }, 'extract_by.serial')} error={errors['extract_by.serial']} placeholder="1, or {{#node.var#}}" />
        )}
      </Section>
      <Section title="Sort" action={<Toggle label="Sort the list" checked={isOn(config, 'order_by')} onChange={(on) => setBlock('order_by', { enabled: on }, 'order_by')} />}>
        {isOn(config, 'order_by') && (
          <div className="panel-row">
            <TextField label="By attribute" value={textOf(blockOf(config, 'order_by'), 'key')} onChange={(t) => setBlock('order_by', { key: t }, 'order_by.key')} placeholder="the item itself" mono />
            <SelectField label="Order" value={textOf(blockOf(config, 'order_by'), 'value') || 'asc'} options={ORDERS} onChange={(v) => setBlock('order_by', { value: v }, 'order_by.value')} error={errors['order_by.value']} />
          </div>
        )}
      </Section>
      <Section title="Keep the first" action={<Toggle label="Limit the list" checked={isOn(config, 'limit')} onChange={(on) => setBlock('limit', { enabled: on }, 'limit')} />}>
        {isOn(config, 'limit') && (
          <NumberField label="Items" value={typeof blockOf(config, 'limit').size === 'number' ? (blockOf(config, 'limit').size as number) : undefined} min={0} onChange={(n) => setBlock('limit', { size: n }, 'limit.size')} error={errors['limit.size']} />
        )}
      </Section>
    </>
  );
}
