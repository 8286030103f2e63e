// What the editor knows of a node type; each type's folder defines one.
import type { LucideIcon } from 'lucide-react';
import type { Config, FieldErrors } from './config';

/** What a node type's settings are called in its panel, by DSL path pattern (see fieldLabels.ts). */
export type FieldLabels = Record<string, string>;

/** The component family: which handles a node has; a container holds steps of its own (an iteration, a loop). */
export type Family = 'start' | 'end' | 'branch' | 'step' | 'container';
export type Tone = 'green' | 'indigo' | 'violet' | 'amber' | 'sky' | 'rose' | 'slate';
export type Group = 'Flow' | 'Models' | 'Knowledge' | 'Logic' | 'Transform';

export interface BranchHandle {
  id: string;
  label: string;
}

/**
 * A setting that holds one variable reference, and the value types it takes
 * (none listed: any). Pickers offer only those types, and connecting a step
 * fills an empty one when exactly one such variable is upstream.
 */
export interface VariableSlot {
  field: string;
  accepts?: readonly string[];
}

/** The value types text settings take. */
export const TEXT_TYPES = ['string'] as const;

export interface NodeKind {
  type: string;
  label: string;
  description: string;
  icon: LucideIcon;
  tone: Tone;
  family: Family;
  group: Group;
  /** The data of a new node of this type (its title included). */
  defaults: () => Config;
  /** What its settings are called in its panel, by DSL path, for problems the backend finds. */
  fields?: FieldLabels;
  /** Its top-level variable references, for pickers and filling them on connect. */
  slots?: readonly VariableSlot[];
  /** What is wrong with a config, by field, beyond the common settings. */
  validate?: (config: Config) => FieldErrors;
  /** The branch handles, for types that branch. */
  handles?: (config: Config | undefined) => BranchHandle[];
  /** Not offered in the palette: another step puts it in place (a container's first step). */
  hidden?: boolean;
}

/** The model block LLM-family nodes start with: the configured default provider. */
export const defaultModel = (): Config => ({ provider: '', name: '', mode: 'chat', completion_params: { temperature: 0.2 } });
