// Recorded JSON (a node's inputs, process data, outputs) as a tree one can read:
// objects and arrays fold, strings keep their line breaks, and long lists show a
// first page so a node with thousands of hits does not freeze the page.
import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import './JsonView.css';

/** Items of an array shown before "Show more". */
export const PAGE_ITEMS = 100;

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

/** A folded container in a few words: "3 keys", "1 item", "empty". */
export function summarize(v: Container): string {
  const n = Array.isArray(v) ? v.length : Object.keys(v).length;
  if (n === 0) return 'empty';
  if (Array.isArray(v)) return n === 1 ? '1 item' : `${n} items`;
  return n === 1 ? '1 key' : `${n} keys`;
}

/** True for what says nothing: null, undefined, {} and []. */
export function isEmptyJson(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  return isContainer(v) && summarize(v) === 'empty';
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return (
      <span className="json-string" dir="auto">
        {value === '' ? '""' : value}
      </span>
    );
  }
  if (value === null || value === undefined) return <span className="json-null">null</span>;
  return <span className={`json-${typeof value}`}>{String(value)}</span>;
}

function Entries({ value, depth, openDepth }: { value: Container; depth: number; openDepth: number }) {
  const [shown, setShown] = useState(PAGE_ITEMS);
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return (
    <ul className="json-entries">
      {entries.slice(0, shown).map(([k, v]) => (
        <li key={k}>
          <JsonNode name={k} value={v} depth={depth + 1} openDepth={openDepth} index={Array.isArray(value)} />
        </li>
      ))}
      {entries.length > shown && (
        <li>
          <button type="button" className="json-more" onClick={() => setShown(shown + PAGE_ITEMS)}>
            Show {Math.min(PAGE_ITEMS, entries.length - shown)} more of {entries.length - shown}
          </button>
        </li>
      )}
    </ul>
  );
}

interface NodeProps {
  name: string | null;
  value: unknown;
  depth: number;
  /** Containers at a depth below this start open. */
  openDepth: number;
  index?: boolean;
}

function JsonNode({ name, value, depth, openDepth, index = false }: NodeProps) {
  const [open, setOpen] = useState(depth < openDepth);
  const key = name !== null && <span className={index ? 'json-index' : 'json-key'}>{name}</span>;
  if (!isContainer(value) || isEmptyJson(value)) {
    return (
      <div className="json-row">
        {key}
        {isContainer(value) ? <span className="json-null">{Array.isArray(value) ? '[]' : '{}'}</span> : <Scalar value={value} />}
      </div>
    );
  }
  return (
    <>
      <button type="button" className="json-row json-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronRight size={12} className="json-chevron" aria-hidden="true" />
        {key}
        <span className="json-summary">
          {Array.isArray(value) ? '[' : '{'} {summarize(value)} {Array.isArray(value) ? ']' : '}'}
        </span>
      </button>
      {open && <Entries value={value} depth={depth} openDepth={openDepth} />}
    </>
  );
}

/** A JSON value as a foldable tree, its first `openDepth` levels open. */
export function JsonView({ value, label, openDepth = 2 }: { value: unknown; label: string; openDepth?: number }) {
  if (isEmptyJson(value)) return <p className="subtle json-empty">None recorded.</p>;
  const top = isContainer(value) ? value : null;
  return (
    <div className="json-view" aria-label={label} role="group">
      {top ? <Entries value={top} depth={0} openDepth={openDepth} /> : <Scalar value={value} />}
    </div>
  );
}
