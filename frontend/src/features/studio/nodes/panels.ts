// The config panel of each node type, kept apart from the catalog so that
// the catalog (read by the DSL code) does not pull in React views.
import type { ComponentType } from 'react';
import { AgentPanel } from './agent/Panel';
import { AnswerPanel } from './answer/Panel';
import { AskUserPanel } from './ask-user/Panel';
import { AssignerPanel } from './assigner/Panel';
import { CitedAnswerPanel } from './cited-answer/Panel';
import { CodePanel } from './code/Panel';
import { DocExtractorPanel } from './document-extractor/Panel';
import { EndPanel } from './end/Panel';
import { HTTPPanel } from './http-request/Panel';
import { IfElsePanel } from './if-else/Panel';
import { IterationPanel } from './iteration/Panel';
import { RetrievalPanel } from './knowledge-retrieval/Panel';
import { ListOperatorPanel } from './list-operator/Panel';
import { LLMPanel } from './llm/Panel';
import { LoopPanel } from './loop/Panel';
import type { PanelProps } from './panelProps';
import { ExtractorPanel } from './parameter-extractor/Panel';
import { ClassifierPanel } from './question-classifier/Panel';
import { StartPanel } from './start/Panel';
import { TemplatePanel } from './template-transform/Panel';
import { ToolPanel } from './tool/Panel';
import { AggregatorPanel } from './variable-aggregator/Panel';

export const panels: Record<string, ComponentType<PanelProps>> = {
  start: StartPanel,
  end: EndPanel,
  answer: AnswerPanel,
  'ask-user': AskUserPanel,
  llm: LLMPanel,
  'cited-answer': CitedAnswerPanel,
  agent: AgentPanel,
  'question-classifier': ClassifierPanel,
  'parameter-extractor': ExtractorPanel,
  'knowledge-retrieval': RetrievalPanel,
  'if-else': IfElsePanel,
  'variable-aggregator': AggregatorPanel,
  'template-transform': TemplatePanel,
  tool: ToolPanel,
  assigner: AssignerPanel,
  'list-operator': ListOperatorPanel,
  code: CodePanel,
  'http-request': HTTPPanel,
  'document-extractor': DocExtractorPanel,
  iteration: IterationPanel,
  loop: LoopPanel,
};
