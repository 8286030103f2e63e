import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isEmptyJson, JsonView, PAGE_ITEMS, summarize } from './JsonView';

describe('summarize', () => {
  it('counts keys and items', () => {
    expect(summarize({ a: 1, b: 2 })).toBe('2 keys');
    expect(summarize({ a: 1 })).toBe('1 key');
    expect(summarize([1, 2, 3])).toBe('3 items');
    expect(summarize([])).toBe('empty');
  });
});

describe('isEmptyJson', () => {
  it('treats null, {} and [] as nothing, and 0, false and "" as values', () => {
    for (const v of [null, undefined, {}, []]) expect(isEmptyJson(v)).toBe(true);
    for (const v of [0, false, '', { a: null }]) expect(isEmptyJson(v)).toBe(false);
  });
});

describe('JsonView', () => {
  it('says when nothing was recorded', () => {
    render(<JsonView value={{}} label="Outputs" />);
    expect(screen.getByText('None recorded.')).toBeInTheDocument();
  });

  it('shows keys and values, strings with their line breaks', () => {
    render(<JsonView value={{ query: 'line one\nline two', top_k: 5, strict: false, model: null }} label="Inputs" />);
    expect(screen.getByText('query')).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.textContent === 'line one\nline two' && el.classList.contains('json-string'))).toBeInTheDocument();
    expect(screen.getByText('5')).toHaveClass('json-number');
    expect(screen.getByText('false')).toHaveClass('json-boolean');
    expect(screen.getByText('null')).toHaveClass('json-null');
  });

  it('folds and unfolds nested containers, deep ones folded at first', async () => {
    const user = userEvent.setup();
    render(<JsonView value={{ hits: { chunk: { text: 'deep text' } } }} label="Outputs" openDepth={2} />);
    const chunk = screen.getByRole('button', { name: /chunk/ });
    expect(chunk).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('deep text')).not.toBeInTheDocument();
    await user.click(chunk);
    expect(screen.getByText('deep text')).toBeInTheDocument();
    const hits = screen.getByRole('button', { name: /hits/ });
    await user.click(hits);
    expect(hits).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('deep text')).not.toBeInTheDocument();
  });

  it('shows a long list a page at a time', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: PAGE_ITEMS + 5 }, (_, i) => `item ${i}`);
    render(<JsonView value={{ items }} label="Outputs" />);
    expect(screen.queryByText(`item ${PAGE_ITEMS}`)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 5 more of 5' }));
    expect(screen.getByText(`item ${PAGE_ITEMS + 4}`)).toBeInTheDocument();
  });
});
