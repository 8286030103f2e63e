import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Collection, OCRLanguages } from '../../lib/api.gen';
import { bodiesOf, mockApi, type Route } from '../../test/api';
import { errorResponse, jsonResponse } from '../../test/fetchMock';
import { renderWithClient } from '../../test/render';
import { CollectionDialog } from './CollectionDialog';
import { collection } from '../../test/libraryData';

afterEach(() => vi.unstubAllGlobals());

const installed: OCRLanguages = { installed: true, languages: ['ara', 'eng', 'fra'], installCommand: 'brew install tesseract tesseract-lang' };
const missing: OCRLanguages = { installed: false, languages: [], installCommand: 'sudo apt install tesseract-ocr tesseract-ocr-eng (Debian, Ubuntu)' };

function setup({ ocr = installed, edit, routes = {} }: { ocr?: OCRLanguages; edit?: Collection; routes?: Record<string, Route> } = {}) {
  const onClose = vi.fn();
  const fetch = mockApi({
    'GET /api/ocr/languages': () => ocr,
    'POST /api/collections': ({ body }) => jsonResponse({ ...collection({ id: 'c3' }), ...(body as object) }, 201),
    'PUT /api/collections/c1': ({ body }) => ({ ...collection(), ...(body as object) }),
    ...routes,
  });
  const view = renderWithClient(<CollectionDialog collection={edit} onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  const select = within(dialog).getByLabelText('OCR language for scanned PDFs');
  return { ...view, fetch, onClose, dialog, select };
}

function optionLabels(select: HTMLElement) {
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

describe('CollectionDialog OCR language', () => {
  it('offers the installed languages, English + Arabic among them, and creates with the one chosen', async () => {
    const { user, fetch, dialog, select, onClose } = setup();
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
    expect(optionLabels(select)).toEqual(['Automatic (from each scan)', 'English', 'Arabic', 'French', 'English + Arabic']);
    await user.type(within(dialog).getByLabelText('Name'), 'Gulf contracts');
    await user.selectOptions(select, 'English + Arabic');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'POST', '/api/collections')).toEqual([{ name: 'Gulf contracts', description: '', ocrLanguage: 'eng+ara' }]);
  });

  it('offers no combination whose languages are not all installed', async () => {
    const { select } = setup({ ocr: { ...installed, languages: ['eng', 'chi_sim', 'heb'] } });
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(optionLabels(select)).toEqual(['Automatic (from each scan)', 'English', 'Chinese (simplified)', 'heb']);
  });

  it("shows a collection's language when editing, and saves a change back to automatic", async () => {
    const { user, fetch, dialog, select, onClose } = setup({ edit: collection({ ocrLanguage: 'ara' }) });
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('ara');
    await user.selectOptions(select, 'Automatic (from each scan)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'PUT', '/api/collections/c1')).toEqual([
      { name: 'Employment law', description: 'Statutes on notice and termination', ocrLanguage: '' },
    ]);
  });

  it('keeps a language set elsewhere that is not installed here', async () => {
    const { select } = setup({ edit: collection({ ocrLanguage: 'heb+eng' }) });
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('heb+eng');
    expect(within(select).getByRole('option', { name: 'heb + English' })).toBeInTheDocument();
  });

  it('is disabled without Tesseract, with the command that installs it, and still saves the rest', async () => {
    const { user, fetch, dialog, select, onClose } = setup({ ocr: missing, edit: collection({ ocrLanguage: 'ara' }) });
    await vi.waitFor(() => expect(select).toHaveAccessibleDescription(/Tesseract is not installed/));
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription(/sudo apt install tesseract-ocr tesseract-ocr-eng/);
    expect(within(dialog).getByText(missing.installCommand).tagName).toBe('CODE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'PUT', '/api/collections/c1')).toMatchObject([{ ocrLanguage: 'ara' }]);
  });

  it("puts the backend's refusal of the language on the select", async () => {
    const { user, dialog, select, onClose } = setup({
      edit: collection(),
      routes: { 'PUT /api/collections/c1': () => errorResponse(400, 'bad_request', 'the OCR language must be empty (automatic) or Tesseract language codes', 'ocrLanguage') },
    });
    await vi.waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Arabic');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(select).toHaveAccessibleDescription(/the OCR language must be empty/);
    expect(select).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });
});
