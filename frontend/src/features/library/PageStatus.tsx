import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, Highlighter, ScanText } from 'lucide-react';
import type { PageHighlight } from '../../lib/api.gen';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { Spinner } from '../../components/ui/Spinner';
import type { PageRange } from './pageView';

export interface PageStatusProps {
  page: number;
  spanPages: PageRange | null;
  highlight: UseQueryResult<PageHighlight>;
  onPage: (page: number) => void;
}

/** Says in words what the marks on the page show, and where else the passage is. */
export function PageStatus({ page, spanPages, highlight, onPage }: PageStatusProps) {
  const offSpan = spanPages !== null && (page < spanPages.first || page > spanPages.last);
  if (offSpan) {
    const target = page < spanPages.first ? spanPages.first : spanPages.last;
    return (
      <div className="page-status" role="status" data-testid="page-status">
        <span className="page-status-text subtle">The passage is not on this page.</span>
        <Button size="sm" variant="ghost" onClick={() => onPage(target)}>
          Go to page {target}
          <ArrowRight size={13} aria-hidden="true" />
        </Button>
      </div>
    );
  }
  if (highlight.isPending) {
    return (
      <div className="page-status" role="status" data-testid="page-status">
        <Spinner size={13} />
        <span className="page-status-text subtle">Placing the passage on the page…</span>
      </div>
    );
  }
  if (highlight.error || highlight.data.boxes.length === 0) {
    const ocr = highlight.data?.ocr === true;
    return (
      <div className="page-status-callout" data-testid="page-status">
        <Callout tone="info" role="status" title="The highlight could not be placed on this page">
          {highlight.error
            ? highlight.error.message
            : ocr
            ? 'This page’s text was read from its image (OCR), so its words have no positions to mark. The page is shown as it is; the Text view highlights the passage.'
            : 'The passage’s words were not found in this page’s text layer. The page is shown as it is; the Text view highlights the passage.'}
        </Callout>
      </div>
    );
  }
  const next = spanPages && page < spanPages.last ? page + 1 : null;
  const prev = spanPages && page > spanPages.first ? page - 1 : null;
  return (
    <div className="page-status" role="status" data-testid="page-status">
      {highlight.data.ocr ? <ScanText size={14} aria-hidden="true" /> : <Highlighter size={14} aria-hidden="true" />}
      <span className="page-status-text">
        {prev ? 'The passage continues here from page ' + prev : 'The passage is highlighted on this page'}
        {highlight.data.ocr ? ' (text read by OCR)' : ''}.
      </span>
      {next && (
        <Button size="sm" variant="ghost" onClick={() => onPage(next)}>
          Continues on page {next}
          <ArrowRight size={13} aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
