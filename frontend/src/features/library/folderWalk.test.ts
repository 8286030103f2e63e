import { describe, expect, it } from 'vitest';
import {
  collectDropRoots,
  filesFromInput,
  isHiddenPath,
  walkDropRoots,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
} from './folderWalk';

function fileEntry(fullPath: string, opts: { fail?: boolean } = {}): FileEntryLike {
  const name = fullPath.split('/').pop()!;
  return {
    name,
    fullPath,
    isFile: true,
    isDirectory: false,
    file: (ok, fail) => (opts.fail ? fail?.(new DOMException('denied', 'NotReadableError')) : ok(new File([`content of ${name}`], name))),
  };
}

/** A directory whose reader hands out entries in batches of `batch`, like Chrome's 100. */
function dirEntry(fullPath: string, children: EntryLike[], batch = 2): DirectoryEntryLike {
  return {
    name: fullPath.split('/').pop()!,
    fullPath,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let pos = 0;
      return {
        readEntries: (ok) => {
          const out = children.slice(pos, pos + batch);
          pos += out.length;
          setTimeout(() => ok(out), 0);
        },
      };
    },
  };
}

describe('walkDropRoots', () => {
  it('walks folders recursively, reading every batch of entries, in name order', async () => {
    const tree = dirEntry('/acts', [
      fileEntry('/acts/b.pdf'),
      fileEntry('/acts/a.pdf'),
      dirEntry('/acts/2020', [fileEntry('/acts/2020/act-10.docx'), fileEntry('/acts/2020/act-9.docx'), fileEntry('/acts/2020/act-2.docx')]),
      fileEntry('/acts/c.html'),
      fileEntry('/acts/d.txt'),
    ]);
    const result = await walkDropRoots([{ entry: tree }, { file: new File(['x'], 'loose.md') }]);
    expect(result.files.map((f) => f.path)).toEqual([
      'acts/2020/act-2.docx',
      'acts/2020/act-9.docx',
      'acts/2020/act-10.docx',
      'acts/a.pdf',
      'acts/b.pdf',
      'acts/c.html',
      'acts/d.txt',
      'loose.md',
    ]);
    expect(result.files[0]!.file.name).toBe('act-2.docx');
    expect(result.hidden).toBe(0);
    expect(result.problems).toEqual([]);
  });

  it('skips hidden files and folders and counts them', async () => {
    const tree = dirEntry('/docs', [
      fileEntry('/docs/.DS_Store'),
      dirEntry('/docs/.git', [fileEntry('/docs/.git/config')]),
      fileEntry('/docs/Thumbs.db'),
      fileEntry('/docs/statute.pdf'),
    ]);
    const result = await walkDropRoots([{ entry: tree }, { file: new File([''], '.hidden') }]);
    expect(result.files.map((f) => f.path)).toEqual(['docs/statute.pdf']);
    expect(result.hidden).toBe(4);
  });

  it('reports unreadable files and folders instead of dropping them silently', async () => {
    const broken: DirectoryEntryLike = {
      name: 'locked',
      fullPath: '/locked',
      isFile: false,
      isDirectory: true,
      createReader: () => ({ readEntries: (_ok, fail) => fail?.(new Error('permission denied')) }),
    };
    const result = await walkDropRoots([{ entry: dirEntry('/x', [fileEntry('/x/bad.pdf', { fail: true }), fileEntry('/x/good.pdf')]) }, { entry: broken }]);
    expect(result.files.map((f) => f.path)).toEqual(['x/good.pdf']);
    expect(result.problems).toEqual([
      { path: 'x/bad.pdf', message: 'Could not read this file: denied' },
      { path: 'locked/', message: 'Could not read this folder: permission denied' },
    ]);
  });

  it('walks a folder of 5,000 files', async () => {
    const children = Array.from({ length: 5000 }, (_, i) => fileEntry(`/big/f${i}.txt`));
    const result = await walkDropRoots([{ entry: dirEntry('/big', children, 100) }]);
    expect(result.files).toHaveLength(5000);
  });
});

describe('collectDropRoots', () => {
  it('takes folders as entries and loose files as Files', () => {
    const folder = dirEntry('/acts', []);
    const file = new File(['x'], 'a.pdf');
    const items = [
      { kind: 'file', webkitGetAsEntry: () => folder, getAsFile: () => null },
      { kind: 'file', webkitGetAsEntry: () => fileEntry('/a.pdf'), getAsFile: () => file },
      { kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => file }, // a drop synthesised from File objects
      { kind: 'string', webkitGetAsEntry: () => null, getAsFile: () => null },
    ];
    const roots = collectDropRoots({ items: items as unknown as DataTransferItemList, files: [] as unknown as FileList });
    expect(roots).toEqual([{ entry: folder }, { file }, { file }]);
  });

  it('falls back to files when there are no items', () => {
    const file = new File(['x'], 'a.pdf');
    expect(collectDropRoots({ files: [file] as unknown as FileList } as DataTransfer)).toEqual([{ file }]);
    expect(collectDropRoots(null)).toEqual([]);
  });
});

describe('filesFromInput', () => {
  it('keeps the folder path of a directory pick and leaves hidden files out', () => {
    const withPath = (name: string, path: string) => {
      const f = new File(['x'], name);
      Object.defineProperty(f, 'webkitRelativePath', { value: path });
      return f;
    };
    const result = filesFromInput([withPath('a.pdf', 'acts/a.pdf'), withPath('config', 'acts/.git/config'), withPath('.DS_Store', 'acts/.DS_Store'), new File(['y'], 'b.docx')]);
    expect(result.files.map((f) => f.path)).toEqual(['acts/a.pdf', 'b.docx']);
    expect(result.hidden).toBe(2);
    expect(isHiddenPath('a/b/c.pdf')).toBe(false);
  });
});
