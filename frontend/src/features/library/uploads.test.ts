import { describe, expect, it } from 'vitest';
import type { UploadResult } from '../../lib/api.gen';
import { doc, progress } from '../../test/libraryData';
import { emptyUploads, newRow, reduceUploads, uploadTotals, type UploadAction, type UploadsState } from './uploads';

function run(...actions: UploadAction[]): UploadsState {
  return actions.reduce(reduceUploads, emptyUploads);
}

const rows = [newRow('u1', 'act.pdf', 'acts/act.pdf', 1000), newRow('u2', 'code.docx', 'code.docx', 3000), newRow('u3', 'x.xyz', 'x.xyz', 10)];
const accepted = (id: string, name: string, over = {}, part = 0): UploadResult => ({ part, name, document: doc({ id, name, status: 'queued', percent: 0, ...over }), duplicate: false, error: null });

function row(state: UploadsState, id: string) {
  return state.rows.find((r) => r.id === id)!;
}

describe('upload rows', () => {
  it('go waiting → uploading with bytes sent per file', () => {
    let s = run({ type: 'add', rows }, { type: 'sending', ids: ['u1', 'u2'] });
    expect(s.rows.map((r) => r.status)).toEqual(['uploading', 'uploading', 'waiting']);
    s = reduceUploads(s, { type: 'sent', ids: ['u1', 'u2'], loaded: 2000, total: 4000 });
    expect(row(s, 'u1').sent).toBe(1000);
    expect(row(s, 'u2').sent).toBe(1000);
    expect(uploadTotals(s.rows)).toMatchObject({ total: 3, done: 0, bytesSent: 2000, bytesTotal: 4010 });
  });

  it('follow the reply: accepted, duplicate, refused', () => {
    const s = run(
      { type: 'add', rows },
      { type: 'sending', ids: ['u1', 'u2', 'u3'] },
      {
        type: 'results',
        ids: ['u1', 'u2', 'u3'],
        results: [
          accepted('d1', 'act.pdf'),
          { part: 0, name: 'code.docx', document: doc({ id: 'd0', name: 'code.docx' }), duplicate: true, error: null },
          { part: 0, name: 'x.xyz', document: null, duplicate: false, error: { code: 'unsupported', message: 'x.xyz: unsupported format ".xyz"' } },
        ],
      },
    );
    expect(row(s, 'u1')).toMatchObject({ status: 'queued', documentId: 'd1', sent: 1000 });
    expect(row(s, 'u2')).toMatchObject({ status: 'duplicate', documentId: 'd0' });
    expect(row(s, 'u3')).toMatchObject({ status: 'failed', error: 'x.xyz: unsupported format ".xyz"' });
    expect(s.byDoc).toEqual({ d1: 'u1' });
    expect(uploadTotals(s.rows)).toMatchObject({ done: 2, failed: 1, duplicates: 1, active: 1 });
  });

  it('move through the stages with their percent, then ready', () => {
    let s = run({ type: 'add', rows: [rows[0]!] }, { type: 'sending', ids: ['u1'] }, { type: 'results', ids: ['u1'], results: [accepted('d1', 'act.pdf')] });
    const step = (status: 'parsing' | 'indexing' | 'ready', percent: number) => {
      s = reduceUploads(s, { type: 'progress', items: [progress({ documentId: 'd1', status, percent })] });
      return [row(s, 'u1').status, row(s, 'u1').percent];
    };
    expect(step('parsing', 0)).toEqual(['parsing', 0]);
    expect(step('parsing', 40)).toEqual(['parsing', 40]);
    expect(step('indexing', 10)).toEqual(['indexing', 10]);
    expect(step('indexing', 90)).toEqual(['indexing', 90]);
    expect(step('ready', 100)).toEqual(['ready', 100]);
    expect(uploadTotals(s.rows)).toMatchObject({ done: 1, ready: 1, active: 0 });
  });

  it('never move backwards on a late event, and keep a failure with its full reason', () => {
    let s = run({ type: 'add', rows: [rows[0]!] }, { type: 'sending', ids: ['u1'] }, { type: 'results', ids: ['u1'], results: [accepted('d1', 'act.pdf')] });
    s = reduceUploads(s, { type: 'progress', items: [progress({ status: 'indexing', percent: 50 })] });
    s = reduceUploads(s, { type: 'progress', items: [progress({ status: 'parsing', percent: 90 })] });
    expect(row(s, 'u1')).toMatchObject({ status: 'indexing', percent: 50 });
    const reason = 'no text layer: this PDF is scanned images without text (OCR is not available)';
    s = reduceUploads(s, { type: 'progress', items: [progress({ status: 'failed', percent: 0, error: reason })] });
    expect(row(s, 'u1')).toMatchObject({ status: 'failed', error: reason });
    s = reduceUploads(s, { type: 'progress', items: [progress({ status: 'ready', percent: 100 })] });
    expect(row(s, 'u1').status).toBe('failed');
  });

  it('apply progress that arrived before the reply named the document', () => {
    let s = run({ type: 'add', rows: [rows[0]!] }, { type: 'sending', ids: ['u1'] });
    s = reduceUploads(s, { type: 'progress', items: [progress({ documentId: 'd1', status: 'indexing', percent: 30 })] });
    expect(s.early.d1).toBeDefined();
    s = reduceUploads(s, { type: 'results', ids: ['u1'], results: [accepted('d1', 'act.pdf')] });
    expect(row(s, 'u1')).toMatchObject({ status: 'indexing', percent: 30 });
    expect(s.early).toEqual({});
  });

  it('take a reply document that already failed as failed', () => {
    const s = run(
      { type: 'add', rows: [rows[0]!] },
      { type: 'sending', ids: ['u1'] },
      { type: 'results', ids: ['u1'], results: [accepted('d1', 'act.pdf', { status: 'failed', error: 'encrypted PDF' })] },
    );
    expect(row(s, 'u1')).toMatchObject({ status: 'failed', error: 'encrypted PDF' });
  });

  it('fail every file of a batch whose request failed, with the reason', () => {
    const s = run({ type: 'add', rows }, { type: 'sending', ids: ['u1', 'u2'] }, { type: 'batchFailed', ids: ['u1', 'u2'], message: 'Cannot reach the backend' });
    expect(s.rows.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'Cannot reach the backend'],
      ['failed', 'Cannot reach the backend'],
      ['waiting', ''],
    ]);
  });

  it('match results by name when the counts differ, and fail rows left without one', () => {
    const s = run(
      { type: 'add', rows: rows.slice(0, 2) },
      { type: 'sending', ids: ['u1', 'u2'] },
      { type: 'results', ids: ['u1', 'u2'], results: [accepted('d2', 'code.docx')] },
    );
    expect(row(s, 'u2')).toMatchObject({ status: 'queued', documentId: 'd2' });
    expect(row(s, 'u1')).toMatchObject({ status: 'failed', error: 'The backend did not report on this file.' });
  });

  it('pair results by part, a refused name failing its file alone, and a break failing the rest', () => {
    const refused = (part: number, name: string, message: string): UploadResult => ({ part, name, document: null, duplicate: false, error: { code: 'bad_request', message } });
    const s = run(
      { type: 'add', rows },
      { type: 'sending', ids: ['u1', 'u2', 'u3'] },
      {
        type: 'results',
        ids: ['u1', 'u2', 'u3'],
        results: [refused(1, 'act\uFFFD.pdf', 'the file name holds a control character'), accepted('d2', 'code.docx', {}, 2), refused(3, '', 'the upload broke off at part 3')],
      },
    );
    expect(s.rows.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'the file name holds a control character'],
      ['queued', ''],
      ['failed', 'the upload broke off at part 3'],
    ]);
  });

  it('cancel only what was not answered yet, and clear finished rows', () => {
    let s = run(
      { type: 'add', rows },
      { type: 'sending', ids: ['u1'] },
      { type: 'results', ids: ['u1'], results: [accepted('d1', 'act.pdf')] },
      { type: 'cancel' },
    );
    expect(s.rows.map((r) => r.status)).toEqual(['queued', 'cancelled', 'cancelled']);
    s = reduceUploads(s, { type: 'clearFinished' });
    expect(s.rows.map((r) => r.id)).toEqual(['u1']);
    expect(s.byDoc).toEqual({ d1: 'u1' });
  });

  it('catch up with a fetched document list', () => {
    let s = run({ type: 'add', rows: [rows[0]!] }, { type: 'sending', ids: ['u1'] }, { type: 'results', ids: ['u1'], results: [accepted('d1', 'act.pdf')] });
    s = reduceUploads(s, { type: 'sync', docs: [doc({ id: 'd1', status: 'ready', percent: 100 })] });
    expect(row(s, 'u1').status).toBe('ready');
  });

  it('return the same state when nothing changes', () => {
    const s = run({ type: 'add', rows });
    expect(reduceUploads(s, { type: 'progress', items: [] })).toBe(s);
    expect(reduceUploads(s, { type: 'sending', ids: ['nope'] })).toBe(s);
  });
});
