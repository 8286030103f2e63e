import { FileSearch } from 'lucide-react';
import { checkSelector, errorCollector, recordOf, type Config } from '../config';
import { TEXT_TYPES, type NodeKind, type VariableSlot } from '../kind';

/** The most passages one search returns (index.MaxTopK). */
export const MAX_TOP_K = 200;

export const QUERY_SLOT: VariableSlot = { field: 'query_variable_selector', accepts: TEXT_TYPES };

export function validateRetrieval(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'query_variable_selector', c.query_variable_selector, 'the query');
  const cfg = recordOf(c, 'multiple_retrieval_config');
  const k = cfg.top_k;
  if (k !== undefined) check('multiple_retrieval_config.top_k', Number.isInteger(k) && (k as number) >= 1 && (k as number) <= MAX_TOP_K, `Top K is a whole number from 1 to ${MAX_TOP_K}.`);
  const min = cfg.score_threshold;
  if (min !== undefined && min !== null) check('multiple_retrieval_config.score_threshold', typeof min === 'number' && min >= 0, 'The threshold is 0 or more.');
  return errors;
}

export const retrievalKind: NodeKind = {
  type: 'knowledge-retrieval',
  label: 'Knowledge retrieval',
  description: 'Searches the library for passages.',
  icon: FileSearch,
  tone: 'sky',
  family: 'step',
  group: 'Knowledge',
  defaults: () => ({ title: 'Knowledge retrieval', query_variable_selector: ['sys', 'query'], dataset_ids: [], multiple_retrieval_config: { top_k: 5 } }),
  fields: { query_variable_selector: 'Search for', document_ids: 'Documents', retrieval_mode: 'Retrieval mode', 'multiple_retrieval_config.*': 'Top K', 'single_retrieval_config.*': 'Top K', metadata_filtering_mode: 'Filters', 'metadata_filtering_conditions.*': 'Filters', 'metadata_filtering_conditions.conditions.*': 'Filter {1}', 'follow_up.*': 'Follow-ups', 'across_documents.*': 'Across documents' },
  slots: [QUERY_SLOT],
  validate: validateRetrieval,
};
