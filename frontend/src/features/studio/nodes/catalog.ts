// The registry of node types the editor knows, built from each type's
// folder. Types the backend registers but this list does not know still
// work: they are drawn as plain steps and start with only a title.
import { Shapes } from 'lucide-react';
import { agentKind } from './agent/definition';
import { answerKind } from './answer/definition';
import { askUserKind } from './ask-user/definition';
import { assignerKind } from './assigner/definition';
import { citedAnswerKind } from './cited-answer/definition';
import { codeKind } from './code/definition';
import { docExtractorKind } from './document-extractor/definition';
import { endKind } from './end/definition';
import { httpKind } from './http-request/definition';
import { ifElseKind } from './if-else/definition';
import type { Family, Group, NodeKind } from './kind';
import { iterationKind, iterationStartKind } from './iteration/definition';
import { retrievalKind } from './knowledge-retrieval/definition';
import { listOperatorKind } from './list-operator/definition';
import { llmKind } from './llm/definition';
import { loopEndKind, loopKind, loopStartKind } from './loop/definition';
import { extractorKind } from './parameter-extractor/definition';
import { classifierKind } from './question-classifier/definition';
import { startKind } from './start/definition';
import { templateKind } from './template-transform/definition';
import { toolKind } from './tool/definition';
import { aggregatorKind } from './variable-aggregator/definition';

export type { Family, NodeKind, Tone } from './kind';

const kinds: NodeKind[] = [
  startKind,
  endKind,
  answerKind,
  askUserKind,
  llmKind,
  citedAnswerKind,
  agentKind,
  classifierKind,
  extractorKind,
  retrievalKind,
  ifElseKind,
  aggregatorKind,
  templateKind,
  toolKind,
  assignerKind,
  listOperatorKind,
  codeKind,
  httpKind,
  docExtractorKind,
  iterationKind,
  iterationStartKind,
  loopKind,
  loopStartKind,
  loopEndKind,
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

export const GROUPS: Group[] = ['Flow', 'Models', 'Knowledge', 'Logic', 'Transform'];
