// The run form of a workflow, from its Start step's variables: which fields
// it shows and how typed text becomes the run's inputs.
import { listOf, textOf, type Config } from '../nodes/config';
import type { StartVariable } from '../nodes/start/definition';

export interface InputField {
  name: string;
  label: string;
  type: string;
  required: boolean;
  options: string[];
  maxLength: number | undefined;
}

/** File inputs need an upload the canvas does not offer. */
export const UNSUPPORTED_TYPES = new Set(['file', 'file-list']);

export function inputFields(start: Config | undefined): InputField[] {
  return listOf<StartVariable>(start, 'variables')
    .filter((v) => textOf(v, 'variable') !== '')
    .map((v) => ({
      name: v.variable,
      label: textOf(v, 'label') || v.variable,
      type: v.type || 'text-input',
      required: v.required === true,
      options: Array.isArray(v.options) ? v.options.map(String) : [],
      maxLength: typeof v.max_length === 'number' && v.max_length > 0 ? v.max_length : undefined,
    }));
}

export type Draft = Record<string, string | boolean>;

/** The run's inputs from the form, or the message of each field that is not right. */
export function toInputs(fields: readonly InputField[], draft: Draft): { inputs: Record<string, unknown>; errors: Record<string, string> } {
  const inputs: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (UNSUPPORTED_TYPES.has(f.type)) continue;
    const raw = draft[f.name];
    if (f.type === 'checkbox') {
      inputs[f.name] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '') {
      if (f.required) errors[f.name] = 'Required.';
      continue;
    }
    if (f.type === 'number') {
      const n = Number(text);
      if (Number.isFinite(n)) inputs[f.name] = n;
      else errors[f.name] = 'Enter a number.';
    } else if (f.type === 'json_object') {
      try {
        const v: unknown = JSON.parse(text);
        if (v && typeof v === 'object' && !Array.isArray(v)) inputs[f.name] = v;
        else errors[f.name] = 'Enter a JSON object: {"key": "value"}.';
      } catch {
        errors[f.name] = 'This is not valid JSON.';
      }
    } else if (f.maxLength !== undefined && text.length > f.maxLength) {
      errors[f.name] = `At most ${f.maxLength} characters.`;
    } else {
      inputs[f.name] = text;
    }
  }
  return { inputs, errors };
}
