// Turns what the user dropped or picked into a flat list of files: dropped folders are walked
// recursively (DataTransferItem.webkitGetAsEntry), hidden files and folders are skipped and
// counted, and a file that cannot be read is reported rather than silently dropped.
import { compareNames } from '../../lib/display';

export interface PickedFile {
  file: File;
  /** Where the file sits in what was dropped, e.g. "statutes/uk/act.pdf"; the name for a loose file. */
  path: string;
}

export interface WalkProblem {
  path: string;
  message: string;
}

export interface WalkResult {
  files: PickedFile[];
  /** Hidden files and folders left out (".DS_Store", ".git/", "Thumbs.db"…). */
  hidden: number;
  /** Entries that could not be read; each becomes a failed row, never a silent skip. */
  problems: WalkProblem[];
}

/** The minimal shape of the File and Directory Entries API used here (so tests can fake it). */
export interface EntryLike {
  name: string;
  fullPath: string;
  isFile: boolean;
  isDirectory: boolean;
}

export interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (err: unknown) => void): void;
}

export interface DirectoryEntryLike extends EntryLike {
  createReader(): { readEntries(success: (entries: EntryLike[]) => void, failure?: (err: unknown) => void): void };
}

/** A root of a drop: a filesystem entry (file or folder), or a plain File when no entry is available. */
export type DropRoot = { entry: EntryLike } | { file: File };

const hiddenNames = new Set(['thumbs.db', 'desktop.ini', '__macosx']);

/** True for names that are hidden or system clutter: dot-files, Thumbs.db, desktop.ini, __MACOSX. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') || hiddenNames.has(name.toLowerCase());
}

/** True when any segment of a relative path is hidden ("docs/.git/config"). */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((seg) => seg !== '' && isHiddenName(seg));
}

/**
 * Takes the roots out of a drop. Must be called synchronously inside the drop handler: the
 * browser empties the DataTransfer once the event returns.
 */
export function collectDropRoots(dt: Pick<DataTransfer, 'items' | 'files'> | null | undefined): DropRoot[] {
  if (!dt) return [];
  const roots: DropRoot[] = [];
  const items = dt.items ? Array.from(dt.items) : [];
  if (items.length > 0) {
    for (const item of items) {
      if (item.kind !== 'file') continue;
      const entry = typeof item.webkitGetAsEntry === 'function' ? (item.webkitGetAsEntry() as EntryLike | null) : null;
      // Folders are walked; a loose file is taken as the File itself (also what a drop
      // synthesised from File objects carries, which has no filesystem entry).
      if (entry?.isDirectory) {
        roots.push({ entry });
        continue;
      }
      const file = item.getAsFile();
      if (file) roots.push({ file });
      else if (entry) roots.push({ entry });
    }
    return roots;
  }
  for (const file of Array.from(dt.files ?? [])) roots.push({ file });
  return roots;
}

function readFile(entry: FileEntryLike): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readBatch(reader: ReturnType<DirectoryEntryLike['createReader']>): Promise<EntryLike[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

/** Every entry of a directory: readEntries hands them out in batches (100 in Chrome) until an empty one. */
async function readAll(dir: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await readBatch(reader);
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function relativePath(entry: EntryLike): string {
  return (entry.fullPath || entry.name).replace(/^\/+/, '') || entry.name;
}

function messageOf(err: unknown): string {
  // DOMException (what the entries API fails with) is not always an Error: read it by shape.
  if (typeof err === 'object' && err) {
    const { message, name } = err as { message?: unknown; name?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof name === 'string' && name) return name;
  }
  return 'The browser could not read it.';
}

/** Walks the roots of a drop into files, in a stable order (folders' entries sorted by name). */
export async function walkDropRoots(roots: readonly DropRoot[]): Promise<WalkResult> {
  const result: WalkResult = { files: [], hidden: 0, problems: [] };

  const visit = async (entry: EntryLike): Promise<void> => {
    if (isHiddenName(entry.name)) {
      result.hidden++;
      return;
    }
    const path = relativePath(entry);
    if (entry.isFile) {
      try {
        result.files.push({ file: await readFile(entry as FileEntryLike), path });
      } catch (err) {
        result.problems.push({ path, message: `Could not read this file: ${messageOf(err)}` });
      }
      return;
    }
    if (entry.isDirectory) {
      let children: EntryLike[];
      try {
        children = await readAll(entry as DirectoryEntryLike);
      } catch (err) {
        result.problems.push({ path: `${path}/`, message: `Could not read this folder: ${messageOf(err)}` });
        return;
      }
      children.sort((a, b) => compareNames(a.name, b.name));
      for (const child of children) await visit(child);
    }
  };

  for (const root of roots) {
    if ('file' in root) {
      if (isHiddenName(root.file.name)) result.hidden++;
      else result.files.push({ file: root.file, path: root.file.name });
    } else {
      await visit(root.entry);
    }
  }
  return result;
}

/** The files of an <input type="file"> (with or without webkitdirectory), hidden ones left out. */
export function filesFromInput(list: FileList | readonly File[] | null | undefined): WalkResult {
  const result: WalkResult = { files: [], hidden: 0, problems: [] };
  for (const file of Array.from(list ?? [])) {
    const path = file.webkitRelativePath || file.name;
    if (isHiddenPath(path)) result.hidden++;
    else result.files.push({ file, path });
  }
  return result;
}
