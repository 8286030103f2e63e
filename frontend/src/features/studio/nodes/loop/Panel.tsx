import { listOf, numberOf, textOf } from '../config';
import { CaseConditions } from '../if-else/Panel';
import type { Condition } from '../if-else/definition';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, NumberField, removeAt, replaceAt, Section, SelectField, TextField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { LOOP_VARIABLE_TYPES, MAX_LOOP_COUNT, type LoopVariable } from './definition';

const STARTS = [
  { value: 'constant', label: 'A value' },
  { value: 'variable', label: 'A variable' },
];

export function LoopPanel({ id, config, update, errors }: PanelProps) {
  const vars = listOf<LoopVariable>(config, 'loop_variables');
  const setVars = (next: LoopVariable[], field: string) => update({ loop_variables: next }, field);
  const edit = (i: number, patch: Partial<LoopVariable>, field: string) => setVars(replaceAt(vars, i, { ...vars[i]!, ...patch }), `loop_variables.${i}.${field}`);
  const stop = { logical_operator: textOf(config, 'logical_operator') === 'or' ? ('or' as const) : ('and' as const), conditions: listOf<Condition>(config, 'break_conditions') };
  return (
    <>
      <Section title="Loop variables" hint="Steps inside the loop read them, and an assigner inside it changes them for the next round; their last values are the loop's outputs."
        action={<AddButton onClick={() => setVars([...vars, { label: `var_${vars.length + 1}`, var_type: 'string', value_type: 'constant', value: '' }], 'loop_variables')} testId="loop-add-variable">Add variable</AddButton>}>
        {vars.map((v, i) => (
          <ItemCard key={i} removeLabel={`Remove loop variable ${i + 1}`} onRemove={() => setVars(removeAt(vars, i), 'loop_variables')}>
            <div className="panel-row">
              <TextField label="Name" value={v.label} onChange={(t) => edit(i, { label: t }, 'label')} error={errors[`loop_variables.${i}.label`]} mono />
              <SelectField label="Type" value={v.var_type} options={LOOP_VARIABLE_TYPES} onChange={(t) => edit(i, { var_type: t }, 'var_type')} />
            </div>
            <SelectField label="Starts from" value={v.value_type} options={STARTS} onChange={(t) => edit(i, { value_type: t as LoopVariable['value_type'], value: t === 'variable' ? [] : '' }, 'value_type')} />
            {v.value_type === 'variable' ? (
              <VariablePicker nodeId={id} label="Starting variable" value={v.value} onChange={(s) => edit(i, { value: s }, 'value')} error={errors[`loop_variables.${i}.value`]} />
            ) : (
              <TextField label="Starting value" value={typeof v.value === 'string' ? v.value : v.value === undefined ? '' : JSON.stringify(v.value)} onChange={(t) => edit(i, { value: t }, 'value')} error={errors[`loop_variables.${i}.value`]} placeholder={v.var_type.startsWith('array') ? '[]' : ''} />
            )}
          </ItemCard>
        ))}
      </Section>
      <Section title="Stop when" hint="Checked before the first round and after each; the loop stops as soon as they hold. An Exit loop step inside stops it too.">
        <CaseConditions nodeId={id} k={stop} index={0} errors={errors} errorsAt="break_conditions"
          onChange={(patch, field) => update({ ...(patch.conditions ? { break_conditions: patch.conditions } : {}), ...(patch.logical_operator ? { logical_operator: patch.logical_operator } : {}) }, `break_conditions.${field}`)} />
      </Section>
      <Section title="Most rounds">
        <NumberField label="Most rounds" value={numberOf(config, 'loop_count')} min={1} max={MAX_LOOP_COUNT} onChange={(n) => update({ loop_count: n }, 'loop_count')} error={errors.loop_count} testId="loop-count" />
      </Section>
      {errors.start_node_id && <p className="panel-error">{errors.start_node_id}</p>}
    </>
  );
}
