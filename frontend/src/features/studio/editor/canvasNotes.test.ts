import { describe, expect, it } from 'vitest';
import { noteText, notesOf } from './canvasNotes';
import type { DslDocument } from '../store/dsl';

describe('canvas notes', () => {
  it('reads the paragraphs of a Dify note', () => {
    const text = JSON.stringify({
      root: { children: [{ children: [{ text: 'Step one: ' }, { text: 'translate' }] }, { children: [] }, { children: [{ text: 'Step two' }] }] },
    });
    expect(noteText(text)).toBe('Step one: translate\n\nStep two');
  });

  it('shows text that is not the editor state as written', () => {
    expect(noteText('plain words')).toBe('plain words');
    expect(noteText(undefined)).toBe('');
  });

  it('places each note of the graph, with its size and author', () => {
    const doc = {
      version: '0.1.0',
      kind: 'lexflow-app',
      app: { name: 'x', mode: 'workflow' },
      workflow: {
        graph: {
          nodes: [],
          edges: [],
          notes: [{ id: 'n1', type: 'custom-note', position: { x: 10, y: 20 }, data: { text: 'hi', author: 'Ana', showAuthor: true, width: 300, height: 90, theme: 'blue' } }],
        },
      },
    } as DslDocument;
    expect(notesOf(doc)).toEqual([{ id: 'n1', x: 10, y: 20, width: 300, height: 90, text: 'hi', author: 'Ana', theme: 'blue' }]);
    expect(notesOf(null)).toEqual([]);
  });
});
