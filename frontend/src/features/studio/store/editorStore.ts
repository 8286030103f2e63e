// The editor's state: the app's DSL document around the graph, the graph with
// its history, the save state and the compile problems of the last save;
// and, while a run's trace is open, the graph that run ran.
import { applyEdgeChanges, applyNodeChanges } from '@xyflow/react';
import { create } from 'zustand';
import type { App, AppDocument, CompileProblem, VariableDecl } from '../../../lib/api.gen';
import { copySelection, PASTE_OFFSET } from './clipboard';
import { dslToGraph, graphToDsl, parseDsl, type DslDocument, type Graph } from './dsl';
import { graphReducer, initialGraphState, type GraphAction, type GraphState } from './graphReducer';

export type SaveState = { status: 'saved' } | { status: 'saving' } | { status: 'failed'; reason: string; code?: string };

export interface EditorState {
  app: App | null;
  doc: DslDocument | null;
  graph: GraphState;
  /** The stored version the next save starts from. */
  version: number;
  /** The revision last saved (graph.revision when nothing is pending). */
  savedRevision: number;
  save: SaveState;
  problems: CompileProblem[];
  /** The outputs each node declared at the last save, by node id. */
  outputs: Record<string, VariableDecl[]>;
  /** The sys.* variables of the app's mode. */
  sys: VariableDecl[];
  /** The steps last copied (kept across apps, so steps can move between them), and how often they were pasted. */
  clipboard: Graph | null;
  pastes: number;
  /**
   * The graph a traced run ran, drawn read-only instead of the app's while
   * its trace is open; null otherwise. The app's graph and its saves are
   * left alone meanwhile.
   */
  trace: Graph | null;
  showTrace: (graph: Graph | null) => void;
  copy: () => boolean;
  paste: () => void;
  load: (doc: AppDocument) => void;
  dispatch: (action: GraphAction) => void;
  /** The DSL of the current graph, as saved. */
  serialize: () => DslDocument | null;
  saveStarted: () => void;
  saveSucceeded: (doc: AppDocument, revision: number) => void;
  saveFailed: (reason: string, code?: string) => void;
}

export const useEditor = create<EditorState>()((set, get) => ({
  app: null,
  doc: null,
  graph: initialGraphState({ nodes: [], edges: [] }),
  version: 0,
  savedRevision: 0,
  save: { status: 'saved' },
  problems: [],
  outputs: {},
  sys: [],
  clipboard: null,
  pastes: 0,
  trace: null,
  showTrace: (trace) => set({ trace }),
  copy: () => {
    const fragment = copySelection(get().graph.present);
    if (fragment) set({ clipboard: fragment, pastes: 0 });
    return fragment !== null;
  },
  paste: () => {
    const { clipboard, pastes } = get();
    if (!clipboard) return;
    set({ pastes: pastes + 1 });
    get().dispatch({ type: 'paste', fragment: clipboard, offset: PASTE_OFFSET * (pastes + 1) });
  },
  load: ({ app, dsl, problems, outputs, sys }) => {
    const doc = parseDsl(dsl);
    set({ app, doc, graph: initialGraphState(dslToGraph(doc)), version: app.version, savedRevision: 0, save: { status: 'saved' }, problems, outputs: byNode(outputs), sys, trace: null });
  },
  dispatch: (action) => set((s) => (s.trace ? { trace: traceReducer(s.trace, action) } : { graph: graphReducer(s.graph, action) })),
  serialize: () => {
    const { doc, graph } = get();
    return doc ? graphToDsl(doc, graph.present) : null;
  },
  saveStarted: () => set({ save: { status: 'saving' } }),
  saveSucceeded: ({ app, problems, outputs, sys }, revision) =>
    set((s) => ({
      app,
      version: app.version,
      savedRevision: revision,
      problems,
      // A node being edited into shape may not build for a moment: it keeps
      // offering what it declared last, rather than vanishing from pickers.
      outputs: { ...s.outputs, ...byNode(outputs) },
      sys,
      save: revision === s.graph.revision ? { status: 'saved' } : { status: 'saving' },
    })),
  saveFailed: (reason, code) => set({ save: { status: 'failed', reason, code } }),
}));

/** The graph on the canvas: a traced run's, or the app's. */
export function shownGraph(s: Pick<EditorState, 'graph' | 'trace'>): Graph {
  return s.trace ?? s.graph.present;
}

/** A trace is read-only: selecting (and measuring) its steps is all that changes it. */
function traceReducer(trace: Graph, action: GraphAction): Graph {
  const passive = (c: { type: string }) => c.type === 'select' || c.type === 'dimensions';
  if (action.type === 'nodesChanged') return { ...trace, nodes: applyNodeChanges(action.changes.filter(passive), trace.nodes) };
  if (action.type === 'edgesChanged') return { ...trace, edges: applyEdgeChanges(action.changes.filter(passive), trace.edges) };
  return trace;
}

/** True while the graph has edits no save has stored. */
export function hasUnsavedEdits(s: Pick<EditorState, 'graph' | 'savedRevision'>): boolean {
  return s.graph.revision !== s.savedRevision;
}

function byNode(list: AppDocument['outputs']): Record<string, VariableDecl[]> {
  return Object.fromEntries(list.map((n) => [n.nodeId, n.outputs]));
}
