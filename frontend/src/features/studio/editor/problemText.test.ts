import { describe, expect, it } from 'vitest';
import type { CompileProblem } from '../../../lib/api.gen';
import { fieldLabel } from '../nodes/fieldLabels';
import type { StudioEdge, StudioNode } from '../store/dsl';
import { problemsByField, problemWhere, stepProblemLine } from './problemText';

const node = (id: string, kind: string, title?: string): StudioNode => ({ id, position: { x: 0, y: 0 }, data: { kind, config: title ? { title } : {} } }) as StudioNode;
const nodes = [node('kb', 'knowledge-retrieval', 'Retrieval'), node('cite', 'cited-answer', 'Cited answer'), node('if', 'if-else')];
const edges = [{ id: 'e0', source: 'kb', target: 'cite' }] as StudioEdge[];

const problem = (p: Partial<CompileProblem>): CompileProblem => ({
  kind: 'invalid node', code: 'invalid_setting', message: 'Choose a variable.', detail: '', field: '', nodeId: '', nodeIds: [], edgeId: '', edgeIndex: -1, ...p,
});

describe('compile problems in words', () => {
  it('names the step by its current title and the setting by its panel label, the detail kept apart', () => {
    const p = problem({ nodeId: 'cite', field: 'hits_variable_selector', detail: 'cited-answer: hits_variable_selector: validate selector "": need [node_id, variable]' });
    const where = problemWhere(p, nodes, edges);
    expect(where).toBe('Cited answer › Passages');
    expect(`${where} ${p.message}`).not.toMatch(/_|\[|%!/);
  });

  it('labels nested settings with their positions, and falls back to the nearest labelled parent', () => {
    expect(fieldLabel('if-else', 'cases.0.conditions.1.variable_selector')).toBe('Case 1, condition 2');
    expect(fieldLabel('tool', 'tool_parameters.query.value.extraction_prompt')).toBe('Parameter “query”');
    expect(fieldLabel('llm', 'model.completion_params.temperature')).toBe('Model setting “temperature”');
    expect(fieldLabel('llm', 'retry_config.max_retries')).toBe('Retries');
    expect(fieldLabel('llm', 'no_such_setting')).toBe('');
  });

  it('uses the type label for an untitled step, and names both ends of a connection', () => {
    expect(problemWhere(problem({ nodeId: 'if', field: 'cases' }), nodes, edges)).toBe('IF / ELSE › Cases');
    expect(problemWhere(problem({ edgeId: 'e0', edgeIndex: 0 }), nodes, edges)).toBe('Connection Retrieval → Cited answer');
    expect(problemWhere(problem({ message: 'Add a Start step: every run begins there.' }), nodes, edges)).toBe('');
  });

  it('words a step’s own problems by setting, and keys them by field for the panel', () => {
    const ps = [problem({ nodeId: 'cite', field: 'hits_variable_selector' }), problem({ nodeId: 'cite', message: 'Nothing leads to this step.' })];
    expect(ps.map((p) => stepProblemLine(p, 'cited-answer'))).toEqual(['Passages: Choose a variable.', 'Nothing leads to this step.']);
    expect(problemsByField(ps)).toEqual({ hits_variable_selector: 'Choose a variable.' });
  });
});
