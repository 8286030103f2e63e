import { Split } from 'lucide-react';
import { checkSelector, errorCollector, listOf, textOf, type Config } from '../config';
import { defaultModel, TEXT_TYPES, type BranchHandle, type NodeKind } from '../kind';
import { checkCompletionParams, checkMemory } from '../model';

export interface ClassItem extends Config {
  id: string;
  name: string;
}

export function validateClassifier(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'query_variable_selector', c.query_variable_selector, 'the text to classify');
  const classes = listOf<ClassItem>(c, 'classes');
  check('classes', classes.length > 0, 'Add at least one class.');
  const seen = new Set<string>();
  classes.forEach((cl, i) => {
    check(`classes.${i}.name`, textOf(cl, 'name').trim() !== '', 'Describe the class: the model reads this.');
    check(`classes.${i}.name`, !seen.has(cl.id), 'Two classes share an id.');
    seen.add(cl.id);
  });
  checkCompletionParams(check, c);
  checkMemory(check, c);
  return errors;
}

/** One handle per class, named by the class. */
export function classHandles(c: Config | undefined): BranchHandle[] {
  return listOf<ClassItem>(c, 'classes').map((cl, i) => ({ id: String(cl.id ?? ''), label: textOf(cl, 'name') || `Class ${i + 1}` }));
}

/** A class id no class has: "class_3". */
export function newClassId(classes: ClassItem[]): string {
  const taken = new Set(classes.map((c) => c.id));
  for (let i = classes.length + 1; ; i++) if (!taken.has(`class_${i}`)) return `class_${i}`;
}

export const classifierKind: NodeKind = {
  type: 'question-classifier',
  label: 'Question classifier',
  description: 'Routes by the class a model picks.',
  icon: Split,
  tone: 'violet',
  family: 'branch',
  group: 'Models',
  defaults: () => ({
    title: 'Question classifier',
    query_variable_selector: ['sys', 'query'],
    model: defaultModel(),
    classes: [
      { id: 'class_1', name: 'First class' },
      { id: 'class_2', name: 'Second class' },
    ],
  }),
  fields: { query_variable_selector: 'Text to classify', classes: 'Classes', 'classes.*': 'Class {1}' },
  slots: [{ field: 'query_variable_selector', accepts: TEXT_TYPES }],
  validate: validateClassifier,
  handles: classHandles,
};
