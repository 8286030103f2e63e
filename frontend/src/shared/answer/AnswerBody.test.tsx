import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Citation, Claim } from '../../lib/api.gen';
import { renderWithClient } from '../../test/render';
import { AnswerBody } from './AnswerBody';

const citation: Citation = {
  marker: 1,
  nodeId: 'chunk-1',
  rank: 1,
  score: 4.2,
  excerpt: 'Section 49 — the trader must perform the service with reasonable care and skill.',
  quotes: [{ text: 'the trader must perform the service with reasonable care and skill', verified: true, start: 13, end: 79 }],
  locator: { docId: 'doc-1', docName: 'Consumer Rights Act', pageStart: 3, pageEnd: 3, headingPath: ['Chapter 4', 'Section 49'], start: 0, end: 80 },
};

const cp = (s: string) => Array.from(s).length;

describe('AnswerBody', () => {
  it('renders markers as chips and model HTML as text, never as elements', () => {
    const content = 'Care and skill are required [1]. <img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { container } = renderWithClient(<AnswerBody content={content} citations={[citation]} claims={[]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
    const chip = screen.getByRole('button', { name: /Citation 1: Consumer Rights Act/ });
    expect(chip).toHaveTextContent('1');
  });

  it('shows the excerpt and locator on focus, with the verified quote marked, and opens on click', () => {
    const onOpen = vi.fn();
    renderWithClient(<AnswerBody content="Required [1]." citations={[citation]} claims={[]} onOpenCitation={onOpen} />);
    const chip = screen.getByTestId('citation-chip');
    fireEvent.focus(chip);
    const pop = screen.getByRole('tooltip');
    expect(pop).toHaveTextContent('Consumer Rights Act');
    expect(pop).toHaveTextContent('p. 3, Section 49');
    expect(screen.getByTestId('citation-locator')).toHaveAttribute('title', expect.stringContaining('Chapter 4 › Section 49'));
    expect(screen.getByTestId('citation-quote')).toHaveTextContent('the trader must perform the service with reasonable care and skill');
    fireEvent.click(chip);
    expect(onOpen).toHaveBeenCalledWith(citation);
  });

  it('names the articles a cited passage holds when it holds several short ones', () => {
    const chapter = 'Chapter 3 — Rent and Deposits';
    const merged: Citation = {
      ...citation,
      quotes: [],
      locator: {
        ...citation.locator,
        headingPath: [chapter],
        units: [
          { start: 0, end: 40, headingPath: [chapter, 'Article 5 Rent increases'], number: '5' },
          { start: 42, end: 80, headingPath: [chapter, 'Article 6 Security deposit'], number: '6', follows: true },
        ],
      },
    };
    renderWithClient(<AnswerBody content="Rent and deposits are regulated [1]." citations={[merged]} claims={[]} />);
    fireEvent.focus(screen.getByTestId('citation-chip'));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Articles 5–6');
  });

  it('flags uncited and quote-failed sentences with a warning, and leaves cited ones alone', () => {
    const content = '🙂 Care is required [1]. Refunds are always due. Time is of the essence [2].';
    const claims: Claim[] = [
      { text: '🙂 Care is required [1].', start: 0, end: cp('🙂 Care is required [1].'), markers: [1], verdict: 'cited' },
      { text: 'Refunds are always due.', start: cp('🙂 Care is required [1]. '), end: cp('🙂 Care is required [1]. Refunds are always due.'), markers: [], verdict: 'uncited' },
      {
        text: 'Time is of the essence [2].',
        start: cp('🙂 Care is required [1]. Refunds are always due. '),
        end: cp(content),
        markers: [2],
        verdict: 'quote_failed',
      },
    ];
    renderWithClient(<AnswerBody content={content} citations={[citation, { ...citation, marker: 2, nodeId: 'chunk-2' }]} claims={claims} />);
    const flags = screen.getAllByTestId('claim-flag');
    // A flagged sentence is wrapped piece by piece around its chips.
    expect([...new Set(flags.map((f) => f.getAttribute('data-verdict')))]).toEqual(['uncited', 'quote_failed']);
    expect(flags.map((f) => f.textContent).join('|')).toBe('Refunds are always due.|Time is of the essence |.');
    expect(flags[0]).toHaveTextContent('Refunds are always due.');
    expect(flags[0]).toHaveAttribute('title', 'No citation supports this sentence');
    expect(flags[2]).toHaveAttribute('title', 'The quoted text was not found in the cited passage');
    expect(screen.getByRole('img', { name: 'Warning: No citation supports this sentence' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Citation 2: .*\(quote not found\)/ })).toHaveClass('cite-chip-flagged');
    expect(screen.getByRole('button', { name: /Citation 1: Consumer Rights Act$/ })).not.toHaveClass('cite-chip-flagged');
  });

  it('shows markers as pending chips while streaming, with no flags yet', () => {
    renderWithClient(<AnswerBody content="Streaming [1] and" streaming claims={[{ text: 'Streaming [1] and', start: 0, end: 17, markers: [], verdict: 'uncited' }]} />);
    expect(screen.getByTestId('citation-chip')).toHaveClass('cite-chip-pending');
    expect(screen.queryByTestId('claim-flag')).toBeNull();
  });
});
