// The variables a node may read: the outputs of the nodes that run before
// it (found by walking the edges backwards), then sys, env and conversation
// variables. A node on a cycle back to itself is not its own upstream.
import type { VariableDecl } from '../../../lib/api.gen';
import { bodyLocals } from '../nodes/bodyLocals';
import { listOf, textOf, type Config } from '../nodes/config';
import type { Graph, StudioNode } from '../store/dsl';
import { stepTitle } from '../store/stepTitles';

export interface VariableGroup {
  /** The selector's first name: a node id, or "sys", "env", "conversation". */
  nodeId: string;
  title: string;
  /** The node type, or "" for the namespaces. */
  kind: string;
  variables: VariableDecl[];
}

/** The ids of the nodes upstream of `nodeId`, nearest first. */
export function upstreamNodeIds(nodeId: string, edges: Graph['edges']): string[] {
  const into = new Map<string, string[]>();
  for (const e of edges) into.set(e.target, [...(into.get(e.target) ?? []), e.source]);
  const seen = new Set<string>([nodeId]);
  const order: string[] = [];
  let frontier = [nodeId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const src of into.get(id) ?? []) {
        if (seen.has(src)) continue;
        seen.add(src);
        order.push(src);
        next.push(src);
      }
    }
    frontier = next;
  }
  return order;
}

export interface VariableSources {
  graph: Graph;
  /** What each node declared at the last save. */
  outputs: Record<string, VariableDecl[]>;
  sys: VariableDecl[];
  /** The DSL's workflow block, for environment and conversation variables. */
  workflow?: Config;
}

/**
 * Every variable `nodeId` may read, grouped by where it comes from. A step
 * inside a container (an iteration, a loop) also reads what the container
 * hands its body and what runs before the container; a container reads its
 * body's steps (what each round gives).
 */
export function availableVariables(nodeId: string, src: VariableSources): VariableGroup[] {
  const byId = new Map(src.graph.nodes.map((n) => [n.id, n]));
  const stepGroups = (ids: string[]) =>
    ids.flatMap((id) => {
      const n = byId.get(id);
      const variables = src.outputs[id] ?? [];
      return n && variables.length > 0 ? [nodeGroup(n, variables)] : [];
    });
  const groups: VariableGroup[] = stepGroups(upstreamNodeIds(nodeId, src.graph.edges));
  const self = byId.get(nodeId);
  if (self?.type === 'container') {
    groups.push(...localsGroup(self), ...stepGroups(src.graph.nodes.filter((n) => n.parentId === nodeId).map((n) => n.id)));
  }
  for (let c = self?.parentId ? byId.get(self.parentId) : undefined; c; c = c.parentId ? byId.get(c.parentId) : undefined) {
    groups.push(...localsGroup(c), ...stepGroups(upstreamNodeIds(c.id, src.graph.edges)));
  }
  const named = (ns: string, title: string, variables: VariableDecl[]) => (variables.length > 0 ? [{ nodeId: ns, title, kind: '', variables }] : []);
  return [
    ...groups,
    ...named('sys', 'System', src.sys),
    ...named('env', 'Environment', declared(src.workflow, 'environment_variables')),
    ...named('conversation', 'Conversation', declared(src.workflow, 'conversation_variables')),
  ];
}

/** What a container hands the steps of its body, as a group named by the container. */
function localsGroup(c: StudioNode): VariableGroup[] {
  const variables = bodyLocals(c.data.kind, c.data.config);
  return variables.length > 0 ? [nodeGroup(c, variables)] : [];
}

function nodeGroup(n: StudioNode, variables: VariableDecl[]): VariableGroup {
  return { nodeId: n.id, title: stepTitle(n), kind: n.data.kind, variables };
}

function declared(workflow: Config | undefined, key: string): VariableDecl[] {
  return listOf(workflow, key).map((v) => ({ name: textOf(v, 'name'), type: textOf(v, 'value_type') || 'any' })).filter((v) => v.name !== '');
}

/**
 * True when a variable of `type` may go in a setting that takes `accepts`
 * (none listed: anything). An untyped variable ("any") may hold anything, so it is offered too.
 */
export function fits(type: string, accepts?: readonly string[]): boolean {
  return !accepts || type === 'any' || accepts.includes(type);
}

/** The groups with only the variables a setting taking `accepts` can use; groups left empty go. */
export function compatibleGroups(groups: VariableGroup[], accepts?: readonly string[]): VariableGroup[] {
  if (!accepts) return groups;
  return groups.flatMap((g) => {
    const variables = g.variables.filter((v) => fits(v.type, accepts));
    return variables.length > 0 ? [{ ...g, variables }] : [];
  });
}

/** True when `selector` names a variable among `groups` (a path into an object output counts). */
export function isAvailable(selector: string[], groups: VariableGroup[]): boolean {
  const [id, name] = selector;
  return groups.some((g) => g.nodeId === id && g.variables.some((v) => v.name === name));
}

const NAMESPACES = new Set(['sys', 'env', 'conversation']);

/** How a chosen variable reads: "Retrieval › result", or "sys.query" for the built-in ones. */
export function variableLabel(stepTitle: string, selector: string[]): string {
  const [first = '', ...rest] = selector;
  return NAMESPACES.has(first) ? selector.join('.') : [stepTitle, ...rest].join(' › ');
}

/** What is wrong with a reference: nothing, its step is gone, runs later, no longer has the variable, or holds the wrong type. */
export type ReferenceState = 'ok' | 'deleted' | 'not-upstream' | 'no-output' | 'wrong-type';

export interface ReferenceView {
  label: string;
  state: ReferenceState;
  /** What to do about it, or "" when the reference is fine. */
  warning: string;
}

/**
 * A chosen reference as the closed picker shows it, named by its step's title
 * now (`stepTitle`, null when no step has the id any more), in a setting
 * that takes `accepts` (none listed: anything).
 */
export function describeReference(selector: string[], groups: VariableGroup[], stepTitle: string | null, accepts?: readonly string[]): ReferenceView {
  const [id = '', name = ''] = selector;
  const label = variableLabel(stepTitle ?? id, selector);
  if (isAvailable(selector, groups)) {
    const type = groups.find((g) => g.nodeId === id)?.variables.find((v) => v.name === name)?.type ?? 'any';
    if (fits(type, accepts)) return { label, state: 'ok', warning: '' };
    return { label, state: 'wrong-type', warning: `“${label}” is ${typeWords(type)}; this setting takes ${accepts!.map(typeWords).join(' or ')}. Choose another variable.` };
  }
  if (NAMESPACES.has(id)) return { label, state: 'no-output', warning: `There is no variable ${selector.join('.')} here any more. Choose another one.` };
  if (stepTitle === null) return { label, state: 'deleted', warning: 'The step this variable came from was deleted. Choose another variable.' };
  if (!groups.some((g) => g.nodeId === id)) {
    return { label, state: 'not-upstream', warning: `“${stepTitle}” does not run before this step. Connect it earlier, or choose another variable.` };
  }
  return { label, state: 'no-output', warning: `“${stepTitle}” no longer gives “${name}”. Choose another variable.` };
}

/** A value type as a person reads it: "text", "a list of records". */
export function typeWords(type: string): string {
  const list = /^array\[(.+)\]$/.exec(type);
  if (list) return `a list of ${plural(typeWords(list[1]!).replace(/^an? /, ''))}`;
  return TYPE_WORDS[type] ?? type;
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', object: 'a record', file: 'a file', any: 'any value' };
const plural = (noun: string) => (noun === 'text' ? 'texts' : noun === 'true or false' ? 'true/false values' : `${noun}s`);

/** Most replacements a broken reference is offered. */
const MAX_REPLACEMENTS = 2;

/**
 * What a broken reference (`selector`, once of `type`) could read instead:
 * from the nearest steps upstream first, each step's variable of the same
 * name, else its first of the same type.
 */
export function replacementsFor(selector: string[], type: string | undefined, groups: VariableGroup[]): string[][] {
  const [, name] = selector;
  const out: string[][] = [];
  for (const g of groups) {
    if (!g.kind || out.length === MAX_REPLACEMENTS) continue;
    const v = g.variables.find((x) => x.name === name) ?? (type ? g.variables.find((x) => x.type === type) : undefined);
    if (v) out.push([g.nodeId, v.name]);
  }
  return out;
}
