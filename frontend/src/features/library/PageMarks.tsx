import { memo, type Ref } from 'react';
import type { HighlightBox } from '../../lib/api.gen';
import { boxStyle } from './pageView';

/**
 * The cited words marked on a page: one translucent box per run of a line, placed by fractions
 * of the page so the marks follow the image at any zoom. Lay it over the page's image in a
 * positioned parent. Decorative: the page view says in words what is highlighted.
 */
export const PageMarks = memo(function PageMarks({ boxes, firstRef }: { boxes: readonly HighlightBox[]; firstRef?: Ref<HTMLSpanElement> }) {
  if (boxes.length === 0) return null;
  return (
    <div className="page-marks" aria-hidden="true">
      {boxes.map((b, i) => (
        <span key={i} className="page-mark" data-testid="page-highlight" style={boxStyle(b)} ref={i === 0 ? firstRef : undefined} />
      ))}
    </div>
  );
});
