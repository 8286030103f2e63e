import type { OutputFormat } from '../../lib/api.gen';

const labels: Record<string, string> = {
  schema: 'JSON schema, enforced by the server',
  json: 'JSON mode',
  prose: 'No format: the prompt alone asked for JSON',
};

const refused: Record<string, string> = { schema: 'a schema', json: 'JSON mode' };

/** How a reply was asked for, and which stronger formats the server refused first. */
export function outputLabel(o: OutputFormat | undefined): string {
  if (!o?.format) return '—';
  const label = labels[o.format] ?? o.format;
  if (o.rejected?.length) return `${label} (the server refused ${o.rejected.map((x) => refused[x.format] ?? x.format).join(' and ')})`;
  if (o.remembered) return `${label} (the server refused stronger formats earlier)`;
  return label;
}
