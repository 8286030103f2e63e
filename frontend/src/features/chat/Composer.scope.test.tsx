import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { TurnSettings } from '../../lib/api.gen';
import { renderWithClient } from '../../test/render';
import { jsonResponse } from '../../test/fetchMock';
import { Composer } from './Composer';
import type { LibraryDocument } from '../../shared/library/useAllDocuments';

const doc = (id: string, title: string): LibraryDocument =>
  ({ id, title, name: `${id}.pdf`, collectionId: 'c1', collectionName: 'Contracts', status: 'ready' }) as LibraryDocument;
const documents = [doc('dist', 'Distributor Agreement'), doc('lease', 'Lease'), doc('nda', 'Mutual NDA')];

function Harness({ onSend, initial = [] }: { onSend: (q: string, ids: string[]) => void; initial?: string[] }) {
  const [draft, setDraft] = useState('');
  const [settings, setSettings] = useState<TurnSettings>({ collectionIds: [], documentIds: initial, providerId: '', model: '' });
  return (
    <>
      <Composer draft={draft} onDraft={setDraft} onSend={onSend} running={false} sending={false} settings={settings} onSettings={setSettings} collections={[]} documents={documents} />
      <output data-testid="chosen">{settings.documentIds.join(',')}</output>
    </>
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => jsonResponse(String(url).includes('/settings') ? {} : [])));
});
afterEach(() => vi.unstubAllGlobals());

describe('@ mentions in the question box', () => {
  it('offers titles, moves with the arrows, picks with Enter and sends the mention with the question', async () => {
    const onSend = vi.fn();
    const { user } = renderWithClient(<Harness onSend={onSend} />);
    const box = screen.getByTestId('composer-input');
    await user.type(box, 'What notice does @');
    const menu = screen.getByTestId('mention-menu');
    expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toEqual(['Distributor AgreementContracts · dist.pdf', 'LeaseContracts · lease.pdf', 'Mutual NDAContracts · nda.pdf']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(menu).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    expect(box).toHaveValue('What notice does @Lease ');
    expect(within(screen.getByTestId('mention-chips')).getByText('Lease')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled(); // Enter picked; it did not send

    await user.type(box, 'require?');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('What notice does @Lease require?', ['lease']);
    expect(screen.getByTestId('chosen')).toHaveTextContent(''); // a mention is for this question, not the conversation
  });

  it('narrows as you type, picks with Tab, closes with Escape, wraps with ArrowUp', async () => {
    const { user } = renderWithClient(<Harness onSend={vi.fn()} />);
    const box = screen.getByTestId('composer-input');
    await user.type(box, '@mut');
    expect(within(screen.getByTestId('mention-menu')).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('@Mutual NDA ');

    await user.type(box, 'and @');
    await user.keyboard('{ArrowUp}');
    expect(within(screen.getByTestId('mention-menu')).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    expect(box).toHaveValue('@Mutual NDA and @');
    expect(box).toHaveFocus();
  });

  it('drops a mention whose chip is removed, keeping the words', async () => {
    const onSend = vi.fn();
    const { user } = renderWithClient(<Harness onSend={onSend} />);
    const box = screen.getByTestId('composer-input');
    await user.type(box, 'Is @dist');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Distributor Agreement' }));
    expect(box).toHaveValue('Is Distributor Agreement ');
    await user.type(box, 'exclusive?{Enter}');
    expect(onSend).toHaveBeenCalledWith('Is Distributor Agreement exclusive?', []);
  });
});

describe('the documents picker', () => {
  it('finds documents by title from the keyboard, shows them as chips, and removes them', async () => {
    const { user } = renderWithClient(<Harness onSend={vi.fn()} />);
    await user.click(screen.getByTestId('document-picker'));
    const search = screen.getByTestId('document-chooser-search');
    expect(search).toHaveFocus();
    await user.type(search, 'lea');
    const chooser = screen.getByTestId('document-chooser');
    expect(within(chooser).getAllByRole('option').map((o) => o.querySelector('.doc-option-title')!.textContent)).toEqual(['Lease']);
    await user.keyboard('{Enter}');
    await user.clear(search);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}'); // the third of all
    expect(screen.getByTestId('chosen')).toHaveTextContent('lease,nda');
    expect(within(chooser).getAllByRole('option', { selected: true })).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('document-chooser')).toBeNull();
    expect(screen.getByTestId('document-picker')).toHaveFocus();
    expect(screen.getByTestId('document-picker')).toHaveTextContent('2 documents');

    const chips = screen.getByTestId('scope-chips');
    expect(within(chips).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Lease', 'Mutual NDA']);
    await user.click(within(chips).getByRole('button', { name: 'Remove Lease' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('nda');
    expect(screen.getByTestId('document-picker')).toHaveTextContent('Mutual NDA');
  });
});
