import { selectorOf } from '../config';
import type { PanelProps } from '../panelProps';
import { Section, Toggle } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';

export function DocExtractorPanel({ id, config, update, errors }: PanelProps) {
  const many = config.is_array_file === true;
  return (
    <Section title="File" hint="Read as the library reads an upload: PDF, DOCX, HTML, TXT or Markdown. The text is its output (a list of texts for a list of files).">
      <VariablePicker nodeId={id} label={many ? 'Files' : 'File'} value={selectorOf(config.variable_selector)} onChange={(s) => update({ variable_selector: s }, 'variable_selector')} error={errors.variable_selector} />
      <Toggle label="A list of files" checked={many} onChange={(on) => update({ is_array_file: on }, 'is_array_file')} />
    </Section>
  );
}
