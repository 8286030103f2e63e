import { useRef, useState, type ChangeEvent } from 'react';
import { FileUp } from 'lucide-react';
import type { AppImport, AppImported } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { useImportApp } from '../../../shared/apps/queries';
import { ImportReportView, type ImportChoices } from './ImportReportView';
import { errorText } from '../../../lib/format';

/** The largest DSL file the dialog reads; the backend refuses more anyway. */
const MAX_FILE = 1 << 20;

/** A file read and checked, not imported yet: what the import would do with the choices made so far. */
type Preview = { file: string; dsl: string; result: AppImported; choices: ImportChoices };

/** The import request for a preview's file and choices; unset choices are left to the backend. */
function importInput(p: Pick<Preview, 'dsl' | 'choices'>, dryRun: boolean): AppImport {
  const set = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).filter(([, to]) => to !== ''));
  return { dsl: p.dsl, name: '', defaultModel: '', modelMap: set(p.choices.models), collection: '', datasetMap: set(p.choices.datasets), dryRun };
}

/**
 * Import a DSL file (Lexflow's or Dify's) as a new app in two steps: the
 * file is checked first (a dry run: every step's outcome, the models it
 * names with the configured model proposed for each, the datasets it
 * searches), the models and collections are settled — each choice checked
 * again, so the report says whether the app will run — then the app is
 * imported and the dialog says whether it can run.
 */
export function ImportAppDialog({ onClose, onOpen }: { onClose: () => void; onOpen: (appId: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<AppImported | null>(null);
  const [confirming, setConfirming] = useState(false);
  const importApp = useImportApp();
  const checks = useRef(0); // the latest dry run: an earlier one answering late is ignored

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_FILE) return setError(`${file.name} is larger than 1 MB; an app’s DSL is a few kilobytes.`);
    try {
      const dsl = await file.text();
      const result = await importApp.mutateAsync(importInput({ dsl, choices: { models: {}, datasets: {} } }, true));
      const choices = {
        models: Object.fromEntries(result.report.models.map((m) => [m.from, m.to])),
        datasets: Object.fromEntries(result.report.datasets.map((d) => [d.from, d.to])),
      };
      setPreview({ file: file.name, dsl, result, choices });
    } catch (err) {
      setError(`${file.name}: ${errorText(err)}`);
    }
  };

  const onImport = async () => {
    if (!preview) return;
    setError(null);
    setConfirming(true);
    try {
      setDone(await importApp.mutateAsync(importInput(preview, false)));
    } catch (err) {
      setError(`${preview.file}: ${errorText(err)}`);
    } finally {
      setConfirming(false);
    }
  };

  // A choice is checked again at once (a dry run), so the report and its verdict follow it.
  const onChoose = async (kind: keyof ImportChoices, from: string, to: string) => {
    if (!preview) return;
    const next = { ...preview, choices: { ...preview.choices, [kind]: { ...preview.choices[kind], [from]: to } } };
    setPreview(next);
    const check = ++checks.current;
    try {
      const result = await importApp.mutateAsync(importInput(next, true));
      if (check === checks.current) setPreview((p) => (p && p.dsl === next.dsl ? { ...p, result } : p));
    } catch (err) {
      setError(`${next.file}: ${errorText(err)}`);
    }
  };

  const title = done ? `Imported “${done.app.name}”` : preview ? `Import “${preview.result.app.name}”` : 'Import an app';
  return (
    <Dialog
      title={title}
      description={done || preview ? undefined : 'A Lexflow DSL file, or an app exported from Dify (YAML). You will see what each step becomes, and choose the models and collections, before anything is imported.'}
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
              {confirming ? 'Importing…' : importApp.isPending ? 'Checking…' : 'Import'}
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
        <ImportReportView report={preview.result.report} choices={preview.choices} onChoose={onChoose} />
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
