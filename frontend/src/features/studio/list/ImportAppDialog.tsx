import { useState, type ChangeEvent } from 'react';
import { FileUp } from 'lucide-react';
import type { AppImported } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { useImportApp } from '../../../shared/apps/queries';
import { ImportReportView } from './ImportReportView';
import { errorText } from '../../../lib/format';

/** The largest DSL file the dialog reads; the backend refuses more anyway. */
const MAX_FILE = 1 << 20;

/** A file read and checked, not imported yet: what the import would do. */
type Preview = { file: string; dsl: string; result: AppImported; models: Record<string, string> };

/**
 * Import a DSL file (Lexflow's or Dify's) as a new app in two steps: the
 * file is checked first (a dry run: every step's outcome, the models it
 * names with the configured model proposed for each), the models are
 * settled, then the app is imported and the dialog says whether it can run.
 */
export function ImportAppDialog({ onClose, onOpen }: { onClose: () => void; onOpen: (appId: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<AppImported | null>(null);
  const importApp = useImportApp();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_FILE) return setError(`${file.name} is larger than 1 MB; an app’s DSL is a few kilobytes.`);
    try {
      const dsl = await file.text();
      const result = await importApp.mutateAsync({ dsl, name: '', defaultModel: '', modelMap: {}, dryRun: true });
      setPreview({ file: file.name, dsl, result, models: Object.fromEntries(result.report.models.map((m) => [m.from, m.to])) });
    } catch (err) {
      setError(`${file.name}: ${errorText(err)}`);
    }
  };

  const onImport = async () => {
    if (!preview) return;
    setError(null);
    try {
      const modelMap = Object.fromEntries(Object.entries(preview.models).filter(([, to]) => to !== ''));
      setDone(await importApp.mutateAsync({ dsl: preview.dsl, name: '', defaultModel: '', modelMap, dryRun: false }));
    } catch (err) {
      setError(`${preview.file}: ${errorText(err)}`);
    }
  };

  const onModel = (from: string, to: string) => preview && setPreview({ ...preview, models: { ...preview.models, [from]: to } });

  const title = done ? `Imported “${done.app.name}”` : preview ? `Import “${preview.result.app.name}”` : 'Import an app';
  return (
    <Dialog
      title={title}
      description={done || preview ? undefined : 'A Lexflow DSL file, or an app exported from Dify (YAML). You will see what each step becomes, and choose the models, before anything is imported.'}
      onClose={onClose}
      footer={
        done ? (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="primary" onClick={() => onOpen(done.app.id)}>
              {done.report.runnable ? 'Open on the canvas' : 'Open on the canvas to fix'}
            </Button>
          </>
        ) : preview ? (
          <>
            <Button onClick={() => setPreview(null)}>Choose another file</Button>
            <Button variant="primary" onClick={onImport} disabled={importApp.isPending} data-testid="import-confirm">
              {importApp.isPending ? 'Importing…' : 'Import'}
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
      ) : preview ? (
        <ImportReportView report={preview.result.report} models={preview.models} onModel={onModel} />
      ) : (
        <label className="import-drop">
          <FileUp size={20} aria-hidden="true" />
          <span>{importApp.isPending ? 'Reading…' : 'Choose a .yml, .yaml or .json file'}</span>
          <input type="file" accept=".yml,.yaml,.json,application/yaml,application/json,text/yaml" className="sr-only" onChange={onFile} data-testid="import-file" />
        </label>
      )}
    </Dialog>
  );
}
