import { FileText } from 'lucide-react';
import { checkSelector, errorCollector, selectorOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export function validateDocExtractor(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'variable_selector', selectorOf(c.variable_selector));
  return errors;
}

export const docExtractorKind: NodeKind = {
  type: 'document-extractor',
  label: 'Document extractor',
  description: 'Reads the text of a PDF, DOCX, HTML, TXT or Markdown file.',
  icon: FileText,
  tone: 'sky',
  family: 'step',
  group: 'Transform',
  defaults: () => ({ title: 'Document extractor', variable_selector: [], is_array_file: false }),
  fields: { variable_selector: 'File', is_array_file: 'A list of files' },
  validate: validateDocExtractor,
};
