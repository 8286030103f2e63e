import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageMarks } from './PageMarks';

/** A mark's position in percent of the page. */
function placed(el: HTMLElement) {
  const pct = (v: string) => {
    expect(v).toMatch(/%$/);
    return parseFloat(v);
  };
  return { left: pct(el.style.left), top: pct(el.style.top), width: pct(el.style.width), height: pct(el.style.height) };
}

describe('PageMarks', () => {
  it('places one mark per box by percentages of the page, in order', () => {
    render(
      <PageMarks
        boxes={[
          { left: 0.1, top: 0.2, width: 0.5, height: 0.02 },
          { left: 0.1, top: 0.225, width: 0.25, height: 0.02 },
        ]}
      />,
    );
    const marks = screen.getAllByTestId('page-highlight');
    expect(marks).toHaveLength(2);
    expect(placed(marks[0]!)).toEqual({ left: 10, top: 20, width: 50, height: 2 });
    expect(placed(marks[1]!)).toEqual({ left: 10, top: 22.5, width: 25, height: 2 });
    // Decorative: the page view says in words what is marked.
    expect(marks[0]!.parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps a box that runs off the page inside it', () => {
    render(<PageMarks boxes={[{ left: 0.9, top: -0.01, width: 0.3, height: 1.2 }]} />);
    const { left, top, width, height } = placed(screen.getByTestId('page-highlight'));
    expect(left).toBe(90);
    expect(top).toBe(0);
    expect(left + width).toBeCloseTo(100, 3);
    expect(top + height).toBeCloseTo(100, 3);
  });

  it('hands the first mark to the ref, so the view can scroll to it', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<PageMarks boxes={[{ left: 0.2, top: 0.5, width: 0.1, height: 0.02 }, { left: 0.4, top: 0.5, width: 0.1, height: 0.02 }]} firstRef={ref} />);
    expect(ref.current).toBe(screen.getAllByTestId('page-highlight')[0]);
  });

  it('draws nothing without boxes', () => {
    const { container } = render(<PageMarks boxes={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
