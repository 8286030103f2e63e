import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, RemoveButton, removeAt, replaceAt, Section, SelectField, TextField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { casesOf, caseIdOf, isUnary, newCaseId, operatorOf, OPERATORS, type Condition, type IfCase } from './definition';

export function IfElsePanel({ id, config, update, errors }: PanelProps) {
  const cases = casesOf(config);
  // Writing the cases form drops Dify's older top-level conditions, which casesOf has read into case "true".
  const set = (next: IfCase[], field: string) => update({ cases: next, conditions: undefined, logical_operator: undefined }, field);
  const editCase = (i: number, patch: Partial<IfCase>, field: string) => set(replaceAt(cases, i, { ...cases[i]!, ...patch }), `cases.${i}.${field}`);
  const add = () => set([...cases, { case_id: newCaseId(cases), logical_operator: 'and', conditions: [] }], 'cases');
  return (
    <Section title="Cases" hint="Checked in order; the first that holds is taken, else ELSE." action={<AddButton onClick={add}>Add ELIF</AddButton>}>
      {errors.cases && <p className="panel-error">{errors.cases}</p>}
      {cases.map((k, i) => (
        <ItemCard key={caseIdOf(k) || i} title={<span className="panel-case-label">{i === 0 ? 'IF' : 'ELIF'}</span>} removeLabel={`Remove case ${i + 1}`} onRemove={() => set(removeAt(cases, i), 'cases')}>
          <CaseConditions nodeId={id} k={k} index={i} errors={errors} onChange={(patch, field) => editCase(i, patch, field)} />
        </ItemCard>
      ))}
      <p className="panel-else">ELSE: when no case holds.</p>
    </Section>
  );
}

/**
 * A case's conditions joined by and/or; also a loop's break conditions, whose
 * problems the backend reports under `errorsAt` (default: the case's).
 */
export function CaseConditions({ nodeId, k, index, errors, onChange, errorsAt }: { nodeId: string; k: Pick<IfCase, 'logical_operator' | 'conditions'>; index: number; errors: PanelProps['errors']; onChange: (patch: Partial<IfCase>, field: string) => void; errorsAt?: string }) {
  const conds = listOf<Condition>(k, 'conditions');
  const setConds = (next: Condition[], field: string) => onChange({ conditions: next }, field);
  const edit = (j: number, patch: Partial<Condition>, field: string) => setConds(replaceAt(conds, j, { ...conds[j]!, ...patch }), `conditions.${j}.${field}`);
  const list = errorsAt ?? `cases.${index}.conditions`;
  return (
    <>
      {errors[list] && <p className="panel-error">{errors[list]}</p>}
      {conds.map((c, j) => (
        <div key={j} className="panel-condition">
          {j > 0 && (
            <button type="button" className="panel-logic" onClick={() => onChange({ logical_operator: k.logical_operator === 'or' ? 'and' : 'or' }, 'logical_operator')} title="Switch between and / or">
              {k.logical_operator === 'or' ? 'OR' : 'AND'}
            </button>
          )}
          <div className="panel-inline">
            <VariablePicker nodeId={nodeId} label="Variable" value={c.variable_selector} onChange={(s) => edit(j, { variable_selector: s }, 'variable_selector')} error={errors[`${list}.${j}.variable_selector`]} />
            <RemoveButton label={`Remove condition ${j + 1}`} onClick={() => setConds(removeAt(conds, j), 'conditions')} />
          </div>
          <div className="panel-row">
            <SelectField label="Comparison" value={operatorOf(textOf(c, 'comparison_operator'))} onChange={(v) => edit(j, { comparison_operator: v }, 'comparison_operator')} options={OPERATORS} error={errors[`${list}.${j}.comparison_operator`]} />
            {!isUnary(textOf(c, 'comparison_operator')) && (
              <TextField label="Value" value={typeof c.value === 'string' ? c.value : c.value === undefined ? '' : JSON.stringify(c.value)} onChange={(t) => edit(j, { value: t }, 'value')} placeholder="Text, number or {{#node.var#}}" />
            )}
          </div>
        </div>
      ))}
      <AddButton onClick={() => setConds([...conds, { variable_selector: [], comparison_operator: 'contains', value: '' }], 'conditions')}>Add condition</AddButton>
    </>
  );
}
