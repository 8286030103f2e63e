import type { SystemInfo } from '../../../lib/api.gen';
import { Callout } from '../../../components/ui/Callout';
import { Spinner } from '../../../components/ui/Spinner';
import { detectFace } from '../../../lib/backend';
import { useSystemInfo } from '../../../shared/providers/queries';
import { SettingsPanel } from '../SettingsPanel';
import { EventCheck } from './EventCheck';

function faceLabel(face: string): string {
  if (face === 'desktop') return 'Desktop window';
  if (face === 'serve') return 'Browser (lexflow serve)';
  return face || (detectFace() === 'desktop' ? 'Desktop window' : 'Browser');
}

function rows(info: SystemInfo): [string, string, boolean?][] {
  return [
    ['Version', info.version || 'dev'],
    ['Commit', info.commit || 'unknown', true],
    ['Running as', faceLabel(info.face)],
    ['Data directory', info.dataDir, true],
    ['Database', info.databasePath, true],
    ['Schema version', String(info.schemaVersion)],
    ['Platform', `${info.os}/${info.arch}`, true],
    ['Go', info.goVersion, true],
  ];
}

export function AboutPanel() {
  const system = useSystemInfo();
  return (
    <SettingsPanel title="About" description="This installation of Lexflow and where it keeps your data.">
      <div className="card">
        <div className="card-body">
          {system.isPending && (
            <p className="muted">
              <Spinner size={14} /> Loading…
            </p>
          )}
          {system.error && (
            <Callout tone="danger" role="alert" title="System information is unavailable">
              {system.error.message}
            </Callout>
          )}
          {system.data && (
            <dl className="info-list" data-testid="system-info">
              {rows(system.data).map(([label, value, mono]) => (
                <div key={label} className="info-row">
                  <dt>{label}</dt>
                  <dd className={mono ? 'mono' : undefined}>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
      <EventCheck />
    </SettingsPanel>
  );
}
