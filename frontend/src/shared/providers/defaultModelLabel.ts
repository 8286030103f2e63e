import type { DefaultModel } from '../../lib/api.gen';

/** How the default model reads wherever it is shown (Chat, Studio, Settings), so they cannot disagree. */
export function defaultModelLabel(d: DefaultModel | undefined): string {
  if (!d) return '…';
  if (d.builtIn) return `${d.providerName} (built-in)`;
  return d.model ? `${d.providerName} · ${d.model}` : d.providerName;
}
