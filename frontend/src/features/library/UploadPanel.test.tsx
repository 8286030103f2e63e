import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UploadPanel } from './UploadPanel';
import { newRow } from './uploads';

const noop = () => {};

describe('UploadPanel', () => {
  it('says the upload finished when files were sent through the page', () => {
    const rows = [newRow('u1', 'act.pdf', 'act.pdf', 10, { status: 'ready' }), newRow('u2', 'gdpr.html', 'gdpr.html', 10, { status: 'ready', local: true })];
    render(<UploadPanel rows={rows} onCancel={noop} onClearFinished={noop} />);
    expect(screen.getByRole('heading', { name: 'Upload finished' })).toBeTruthy();
  });

  it('does not speak of an upload for files a native drop named, read in place', () => {
    const done = [newRow('u1', 'act.pdf', 'statutes/act.pdf', 10, { status: 'ready', local: true })];
    const { rerender } = render(<UploadPanel rows={done} onCancel={noop} onClearFinished={noop} />);
    expect(screen.getByRole('heading', { name: 'Files added' })).toBeTruthy();

    const adding = [newRow('u1', 'act.pdf', 'statutes/act.pdf', 10, { status: 'uploading', local: true })];
    rerender(<UploadPanel rows={adding} onCancel={noop} onClearFinished={noop} />);
    expect(screen.getByRole('heading', { name: 'Adding documents' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByText(/upload/i)).toBeNull();
  });
});
