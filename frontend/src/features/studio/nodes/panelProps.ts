import type { Config, FieldErrors } from './config';

/** What every node type's config panel gets. */
export interface PanelProps {
  id: string;
  config: Config;
  /** Merges a patch into the config; `field` groups typing into one undo step. */
  update: (patch: Config, field: string) => void;
  errors: FieldErrors;
}
