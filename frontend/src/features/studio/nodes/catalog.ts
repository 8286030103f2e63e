// What the editor knows of each node type: its label, icon, tone, the
// component family that draws it, and the data a new node starts with.
// Types the backend registers but this list does not know still work: they
// are drawn as plain steps and start with only a title.
import {
  BookOpenCheck,
  Combine,
  FileSearch,
  Flag,
  GitBranch,
  MessageCircleQuestion,
  MessageSquareText,
  Play,
  Shapes,
  Sparkles,
  Split,
  Braces,
  TextCursorInput,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/** The component family: which handles a node has. */
export type Family = 'start' | 'end' | 'branch' | 'step';
export type Tone = 'green' | 'indigo' | 'violet' | 'amber' | 'sky' | 'rose' | 'slate';

export interface NodeKind {
  type: string;
  label: string;
  description: string;
  icon: LucideIcon;
  tone: Tone;
  family: Family;
  group: 'Flow' | 'Models' | 'Knowledge' | 'Logic' | 'Transform';
  /** The data of a new node of this type (its title included). */
  defaults: () => Record<string, unknown>;
}

const model = () => ({ provider: '', name: '', mode: 'chat', completion_params: { temperature: 0.2 } });

const kinds: NodeKind[] = [
  { type: 'start', label: 'Start', description: 'Where a run begins, with its inputs.', icon: Play, tone: 'green', family: 'start', group: 'Flow',
    defaults: () => ({ title: 'Start', variables: [] }) },
  { type: 'end', label: 'End', description: 'A workflow’s outputs.', icon: Flag, tone: 'slate', family: 'end', group: 'Flow',
    defaults: () => ({ title: 'End', outputs: [] }) },
  { type: 'answer', label: 'Answer', description: 'Streams a chat reply from text and variables.', icon: MessageSquareText, tone: 'slate', family: 'step', group: 'Flow',
    defaults: () => ({ title: 'Answer', answer: '' }) },
  { type: 'ask-user', label: 'Ask user', description: 'Ends the turn with a clarifying question.', icon: MessageCircleQuestion, tone: 'rose', family: 'end', group: 'Flow',
    defaults: () => ({ title: 'Ask user', question: '', intent: '' }) },
  { type: 'llm', label: 'LLM', description: 'Calls a model with a prompt.', icon: Sparkles, tone: 'indigo', family: 'step', group: 'Models',
    defaults: () => ({ title: 'LLM', model: model(), prompt_template: [{ role: 'system', text: '' }] }) },
  { type: 'cited-answer', label: 'Cited answer', description: 'Answers from passages, every claim cited and checked.', icon: BookOpenCheck, tone: 'indigo', family: 'step', group: 'Models',
    defaults: () => ({ title: 'Cited answer', query_variable_selector: ['sys', 'query'], hits_variable_selector: [], model: model(), uncited_policy: 'partial' }) },
  { type: 'question-classifier', label: 'Question classifier', description: 'Routes by the class a model picks.', icon: Split, tone: 'violet', family: 'branch', group: 'Models',
    defaults: () => ({ title: 'Question classifier', query_variable_selector: ['sys', 'query'], model: model(),
      classes: [{ id: 'class_1', name: 'First class' }, { id: 'class_2', name: 'Second class' }] }) },
  { type: 'parameter-extractor', label: 'Parameter extractor', description: 'Pulls structured values out of text.', icon: TextCursorInput, tone: 'indigo', family: 'step', group: 'Models',
    defaults: () => ({ title: 'Parameter extractor', query: ['sys', 'query'], model: model(), parameters: [], reasoning_mode: 'prompt' }) },
  { type: 'knowledge-retrieval', label: 'Knowledge retrieval', description: 'Searches the library for passages.', icon: FileSearch, tone: 'sky', family: 'step', group: 'Knowledge',
    defaults: () => ({ title: 'Knowledge retrieval', query_variable_selector: ['sys', 'query'], dataset_ids: [], multiple_retrieval_config: { top_k: 5 } }) },
  { type: 'if-else', label: 'IF / ELSE', description: 'Branches on conditions.', icon: GitBranch, tone: 'amber', family: 'branch', group: 'Logic',
    defaults: () => ({ title: 'IF / ELSE', cases: [{ case_id: 'true', logical_operator: 'and', conditions: [] }] }) },
  { type: 'variable-aggregator', label: 'Variable aggregator', description: 'Takes the first value set among branches.', icon: Combine, tone: 'amber', family: 'step', group: 'Logic',
    defaults: () => ({ title: 'Variable aggregator', output_type: 'string', variables: [] }) },
  { type: 'template-transform', label: 'Template', description: 'Renders text from variables.', icon: Braces, tone: 'sky', family: 'step', group: 'Transform',
    defaults: () => ({ title: 'Template', template: '', variables: [] }) },
  { type: 'tool', label: 'Tool', description: 'Runs a built-in tool such as article lookup.', icon: Wrench, tone: 'sky', family: 'step', group: 'Transform',
    defaults: () => ({ title: 'Tool', tool_name: 'search_collection', tool_parameters: {} }) },
];

const byType = new Map(kinds.map((k) => [k.type, k]));

/** The kind of a node type; unknown types get a generic step. */
export function kindOf(type: string): NodeKind {
  return (
    byType.get(type) ?? {
      type,
      label: type,
      description: 'A node type this editor draws as a plain step.',
      icon: Shapes,
      tone: 'slate',
      family: 'step',
      group: 'Transform',
      defaults: () => ({ title: type }),
    }
  );
}

export function familyOf(type: string): Family {
  return kindOf(type).family;
}

export const GROUPS: NodeKind['group'][] = ['Flow', 'Models', 'Knowledge', 'Logic', 'Transform'];
