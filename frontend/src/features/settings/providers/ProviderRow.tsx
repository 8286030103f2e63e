import { useId, useState } from 'react';
import { Boxes, KeyRound, Pencil, PlugZap, Sparkles, Zap } from 'lucide-react';
import type { Provider } from '../../../lib/api.gen';
import { Badge } from '../../../components/ui/Badge';
import { Button, DeleteButton } from '../../../components/ui/Button';
import { StatusDot, type StatusTone } from '../../../components/ui/StatusDot';
import { formatRelative } from '../../../lib/format';
import { useTestProvider } from '../../../shared/providers/queries';
import { statusLabel } from './errorHints';
import { EXTRACTIVE_EXPLANATION, kindLabels } from './kinds';
import { ModelList } from './ModelList';
import { TestRequestError, TestResult } from './TestResult';
import { TryPanel } from './TryPanel';
import './ProviderRow.css';

type Panel = 'models' | 'try' | null;

export interface ProviderRowProps {
  provider: Provider;
  isDefault: boolean;
  onEdit: (p: Provider) => void;
  onDelete: (p: Provider) => void;
}

function tone(p: Provider, testing: boolean): StatusTone {
  if (testing) return 'busy';
  if (!p.lastStatus) return 'unknown';
  return p.lastStatus === 'ok' ? 'ok' : 'error';
}

export function ProviderRow({ provider: p, isDefault, onEdit, onDelete }: ProviderRowProps) {
  const [panel, setPanel] = useState<Panel>(null);
  const test = useTestProvider(p.id);
  const panelId = useId();
  const nameId = useId();
  const toggle = (which: Exclude<Panel, null>) => setPanel((cur) => (cur === which ? null : which));
  const checked = formatRelative(p.lastCheckedAt);
  const statusText = test.isPending ? 'Testing…' : `${statusLabel(p.lastStatus)}${checked ? ` · checked ${checked}` : ''}`;

  return (
    <article className="provider-row" data-testid="provider-row" data-provider-name={p.name} aria-labelledby={nameId}>
      <div className="provider-main">
        <div className="provider-icon" aria-hidden="true">
          {p.builtIn ? <Sparkles size={16} /> : <Zap size={16} />}
        </div>
        <div className="provider-info">
          <div className="provider-title">
            <StatusDot tone={tone(p, test.isPending)} label={statusText} />
            <h3 className="provider-name" id={nameId}>
              {p.name}
            </h3>
            <Badge tone={p.builtIn ? 'accent' : 'neutral'}>{kindLabels[p.kind] ?? p.kind}</Badge>
            {isDefault && <Badge tone="success">Default</Badge>}
          </div>
          {p.builtIn ? (
            <p className="provider-meta">{EXTRACTIVE_EXPLANATION}</p>
          ) : (
            <p className="provider-meta">
              <span className="mono provider-url">{p.baseUrl}</span>
              <span className="provider-meta-item">
                <KeyRound size={12} aria-hidden="true" />
                {p.hasApiKey ? <span className="mono">{p.apiKeyHint || 'key stored'}</span> : 'No key'}
              </span>
              <span className="provider-meta-item">
                <Boxes size={12} aria-hidden="true" />
                {p.defaultModel ? <span className="mono">{p.defaultModel}</span> : 'No default model'}
              </span>
            </p>
          )}
        </div>
        <div className="provider-actions">
          <Button size="sm" icon={<PlugZap size={13} aria-hidden="true" />} loading={test.isPending} onClick={() => test.mutate()}>
            Test connection
          </Button>
          {!p.builtIn && (
            <Button size="sm" aria-expanded={panel === 'models'} aria-controls={panelId} onClick={() => toggle('models')}>
              Models
            </Button>
          )}
          <Button size="sm" aria-expanded={panel === 'try'} aria-controls={panelId} onClick={() => toggle('try')}>
            Try it
          </Button>
          {!p.builtIn && (
            <>
              <Button size="sm" variant="ghost" aria-label="Edit" title="Edit" icon={<Pencil size={14} aria-hidden="true" />} onClick={() => onEdit(p)} />
              <DeleteButton onClick={() => onDelete(p)} />
            </>
          )}
        </div>
      </div>
      {(test.data || test.error) && (
        <div className="provider-section">
          {test.data ? <TestResult result={test.data} /> : <TestRequestError error={test.error!} />}
        </div>
      )}
      {panel && (
        <div className="provider-section" id={panelId}>
          <h4 className="provider-section-title">{panel === 'models' ? 'Models' : 'Try it'}</h4>
          {panel === 'models' ? <ModelList provider={p} /> : <TryPanel provider={p} />}
        </div>
      )}
    </article>
  );
}
