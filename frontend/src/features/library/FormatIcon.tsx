import { File, FileCode, FileText, FileType } from 'lucide-react';
import { formatName } from '../../lib/display';

const icons = { PDF: FileText, DOCX: FileType, HTML: FileCode, Markdown: FileText, Text: FileText } as const;

/** A file-type icon for a document, coloured by format (decorative: the format is also written out). */
export function FormatIcon({ format = '', name = '', size = 16 }: { format?: string; name?: string; size?: number }) {
  const f = formatName(format, name);
  const Icon = icons[f as keyof typeof icons] ?? File;
  return (
    <span className={`format-icon format-icon-${f.toLowerCase().replace(/[^a-z]/g, '') || 'other'}`} aria-hidden="true">
      <Icon size={size} />
    </span>
  );
}
