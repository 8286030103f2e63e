import { listOf, textOf } from '../config';
import { TEXT_TYPES } from '../kind';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, removeAt, replaceAt, Section, TextField } from '../../panel/fields';
import { MemorySettings, ModelSettings } from '../../panel/ModelSettings';
import { PromptEditor } from '../../panel/PromptEditor';
import { VariablePicker } from '../../panel/VariablePicker';
import { newClassId, type ClassItem } from './definition';

export function ClassifierPanel({ id, config, update, errors }: PanelProps) {
  const classes = listOf<ClassItem>(config, 'classes');
  const set = (next: ClassItem[], field: string) => update({ classes: next }, field);
  return (
    <>
      <Section title="Input">
        <VariablePicker nodeId={id} label="Text to classify" value={config.query_variable_selector} onChange={(s) => update({ query_variable_selector: s }, 'query_variable_selector')} error={errors.query_variable_selector} accepts={TEXT_TYPES} />
      </Section>
      <Section title="Classes" hint="Each class is a way out of this step." action={<AddButton onClick={() => set([...classes, { id: newClassId(classes), name: '' }], 'classes')}>Add class</AddButton>}>
        {errors.classes && <p className="panel-error">{errors.classes}</p>}
        {classes.map((c, i) => (
          <ItemCard key={c.id || i} title={`Class ${i + 1}`} removeLabel={`Remove class ${i + 1}`} onRemove={() => set(removeAt(classes, i), 'classes')}>
            <TextField label="Description" value={textOf(c, 'name')} onChange={(t) => set(replaceAt(classes, i, { ...c, name: t }), `classes.${i}.name`)} error={errors[`classes.${i}.name`]} placeholder="Questions about employment law" />
          </ItemCard>
        ))}
        <PromptEditor nodeId={id} label="Instructions" value={textOf(config, 'instruction')} onChange={(t) => update({ instruction: t }, 'instruction')} rows={3} placeholder="Optional guidance for the model" />
      </Section>
      <ModelSettings config={config} update={update} errors={errors} />
      <MemorySettings config={config} update={update} errors={errors} />
    </>
  );
}
