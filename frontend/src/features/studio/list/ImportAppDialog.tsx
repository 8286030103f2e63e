import { useState, type ChangeEvent } from 'react';
import { FileUp } from 'lucide-react';
import type { AppImported } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { useImportApp } from '../queries';
import { ImportReportView } from './ImportReportView';
import { errorText } from '../../../lib/format';

/** The largest DSL file the dialog reads; the backend refuses more anyway. */
const MAX_FILE = 1 << 20;

/** Import a DSL file (Lexflow's or Dify's) as a new app, then show what could not be mapped. */
export function ImportAppDialog({ onClose, onOpen }: { onClose: () => void; onOpen: (appId: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<AppImported | null>(null);
  const importApp = useImportApp();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_FILE) return setError(`${file.name} is larger than 1 MB; an app’s DSL is a few kilobytes.`);
    try {
      setDone(await importApp.mutateAsync({ dsl: await file.text(), name: '' }));
    } catch (err) {
      setError(`${file.name}: ${errorText(err)}`);
    }
  };

  return (
    <Dialog
      title={done ? `Imported “${done.app.name}”` : 'Import an app'}
      description={done ? undefined : 'A Lexflow DSL file, or an app exported from Dify (YAML). Nodes Lexflow cannot run are listed after the import.'}
      onClose={onClose}
      footer={
        done ? (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="primary" onClick={() => onOpen(done.app.id)}>
              Open on the canvas
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Cancel</Button>
        )
      }
    >
      {error && (
        <Callout tone="danger" role="alert" title="Nothing was imported">
          {error}
        </Callout>
      )}
      {done ? (
        <ImportReportView report={done.report} />
      ) : (
        <label className="import-drop">
          <FileUp size={20} aria-hidden="true" />
          <span>{importApp.isPending ? 'Importing…' : 'Choose a .yml, .yaml or .json file'}</span>
          <input type="file" accept=".yml,.yaml,.json,application/yaml,application/json,text/yaml" className="sr-only" onChange={onFile} data-testid="import-file" />
        </label>
      )}
    </Dialog>
  );
}
