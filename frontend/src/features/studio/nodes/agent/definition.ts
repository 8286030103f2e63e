import { Bot } from 'lucide-react';
import { errorCollector, isRecord, listOf, numberOf, recordOf, textOf, type Config } from '../config';
import { UNCITED_POLICIES } from '../cited-answer/definition';
import { defaultModel, type NodeKind } from '../kind';
import { checkCompletionParams, checkMemory } from '../model';

/** How tools are offered to the model (backend/agent). */
export const STRATEGIES = [
  { value: 'auto', label: 'Automatic: function calling, else the ReAct protocol' },
  { value: 'function_calling', label: 'Function calling' },
  { value: 'react', label: 'ReAct text protocol (models without function calling)' },
] as const;

/** The backend's bounds (agent.MaxRounds). */
export const MAX_ROUNDS = 20;

/** An entry of "tools": a tool name, or a Tool step's data with some parameters fixed. */
export type AgentTool = string | (Config & { tool_name: string; tool_parameters?: Config });

export function toolName(t: unknown): string {
  if (typeof t === 'string') return t;
  return isRecord(t) ? textOf(t, 'tool_name') || textOf(t, 'name') : '';
}

/** The parameters an entry fixes, as "name = value" for people. */
export function fixedParameters(t: unknown): string[] {
  if (!isRecord(t)) return [];
  const params = t.tool_parameters;
  if (!isRecord(params)) return [];
  return Object.entries(params).map(([name, p]) => `${name} = ${isRecord(p) ? JSON.stringify(p.value) : JSON.stringify(p)}`);
}

/**
 * An agent imported from Dify keeps its strategy's name and, in
 * agent_parameters, its tools and the settings Lexflow has no field for.
 * Like Dify's, it may have no tools.
 */
export function isDifyAgent(c: Config): boolean {
  return textOf(c, 'agent_strategy_name') !== '' || Object.keys(recordOf(c, 'agent_parameters')).length > 0;
}

/** The enabled tools a Dify agent names, as "tool (provider)". */
export function difyAgentTools(c: Config): string[] {
  const tools = listOf<unknown>(recordOf(recordOf(c, 'agent_parameters'), 'tools'), 'value');
  return tools.filter(isRecord).filter((t) => t.enabled !== false).map((t) => `${textOf(t, 'tool_name')} (${textOf(t, 'provider_name')})`);
}

export function validateAgent(c: Config) {
  const { errors, check } = errorCollector();
  const tools = listOf<unknown>(c, 'tools').map(toolName);
  check('tools', tools.length > 0 || isDifyAgent(c), 'Choose at least one tool (without tools, use an LLM step).');
  check('tools', new Set(tools).size === tools.length, 'A tool is listed twice.');
  const rounds = numberOf(c, 'max_iterations');
  check('max_iterations', rounds === undefined || (Number.isInteger(rounds) && rounds >= 1 && rounds <= MAX_ROUNDS), `Between 1 and ${MAX_ROUNDS} rounds.`);
  const timeout = numberOf(c, 'tool_timeout');
  check('tool_timeout', timeout === undefined || timeout > 0, 'A timeout is more than 0 seconds.');
  const strategy = textOf(c, 'strategy') || 'auto';
  check('strategy', STRATEGIES.some((s) => s.value === strategy), 'Choose how tools are offered.');
  const policy = textOf(c, 'uncited_policy') || 'partial';
  check('uncited_policy', UNCITED_POLICIES.some((p) => p.value === policy), 'Choose what happens to uncited claims.');
  checkCompletionParams(check, c);
  checkMemory(check, c);
  return errors;
}

export const agentKind: NodeKind = {
  type: 'agent',
  label: 'Agent',
  description: 'A model that uses tools over several rounds, then answers with citations.',
  icon: Bot,
  tone: 'violet',
  family: 'step',
  group: 'Models',
  defaults: () => ({
    title: 'Agent',
    model: defaultModel(),
    instruction: 'You are a careful legal research assistant.',
    query: '{{#sys.query#}}',
    tools: ['search_collection', 'fetch_article'],
    strategy: 'auto',
    max_iterations: 5,
    tool_timeout: 30,
  }),
  fields: { instruction: 'System prompt', query: 'Question', tool_timeout: 'Tool timeout', strategy: 'Tool protocol' },
  validate: validateAgent,
};
