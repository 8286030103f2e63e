// An app document as the backend sends it to the editor, for tests: the DSL
// given (a DSL fixture's JSON), nothing compiled yet.
import type { AppDocument } from '../../../lib/api.gen';

export function testDocument(dsl: { app: { name: string; mode: 'chatflow' | 'workflow' } }): AppDocument {
  return {
    app: { id: 'a1', name: dsl.app.name, mode: dsl.app.mode, description: '', version: 1, createdAt: '', updatedAt: '' },
    dsl: JSON.stringify(dsl),
    problems: [],
    outputs: [],
    sys: [],
  };
}
