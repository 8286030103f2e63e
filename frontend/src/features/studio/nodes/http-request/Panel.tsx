import { Button } from '../../../../components/ui/Button';
import { Callout } from '../../../../components/ui/Callout';
import { recordOf, textOf, type Config } from '../config';
import type { PanelProps } from '../panelProps';
import { NumberField, RemoveButton, Section, SelectField, TextField } from '../../panel/fields';
import { PromptEditor } from '../../panel/PromptEditor';
import { useEditor } from '../../store/editorStore';
import { authOf, AUTH_TYPES, BODY_TYPES, bodyOf, bodyText, hostOf, isLoopback, METHODS } from './definition';
import { useAppHosts, useChangeHost } from './hosts';
import './Panel.css';

export function HTTPPanel({ id, config, update, errors }: PanelProps) {
  const bodyType = textOf(recordOf(config, 'body'), 'type') || 'none';
  return (
    <>
      <Section title="Request">
        <SelectField label="Method" value={textOf(config, 'method') || 'get'} options={METHODS} onChange={(m) => update({ method: m }, 'method')} />
        <PromptEditor nodeId={id} label="URL" value={textOf(config, 'url')} onChange={(t) => update({ url: t }, 'url')} error={errors.url} rows={1} placeholder="https://api.example.org/v1/{{#start.id#}}" />
        <PromptEditor nodeId={id} label="Headers" hint="One key:value per line." value={textOf(config, 'headers')} onChange={(t) => update({ headers: t }, 'headers')} rows={2} placeholder="Accept:application/json" />
        <PromptEditor nodeId={id} label="Query parameters" hint="One key:value per line." value={textOf(config, 'params')} onChange={(t) => update({ params: t }, 'params')} rows={2} placeholder="q:{{#start.query#}}" />
      </Section>
      <Section title="Body">
        <SelectField label="Kind" value={bodyType} options={BODY_TYPES} onChange={(t) => update({ body: bodyOf(t, bodyText(config)) }, 'body.type')} error={errors['body.type']} />
        {bodyType !== 'none' && (
          <PromptEditor nodeId={id} label={bodyType === 'json' || bodyType === 'raw-text' ? 'Content' : 'Fields (key:value per line)'} value={bodyText(config)} onChange={(t) => update({ body: bodyOf(bodyType, t) }, 'body.data')} error={errors['body.data']} rows={4} />
        )}
      </Section>
      <AuthSection config={config} update={update} error={errors.authorization} />
      <HostsSection url={textOf(config, 'url')} />
      <TimeoutSection config={config} update={update} />
    </>
  );
}

function AuthSection({ config, update, error }: { config: Config; update: PanelProps['update']; error?: string }) {
  const kind = authOf(config);
  const cfg = recordOf(recordOf(config, 'authorization'), 'config');
  const set = (patch: Config) => update({ authorization: { type: 'api-key', config: { type: kind, api_key: '', header: '', ...cfg, ...patch } } }, 'authorization');
  return (
    <Section title="Authorization">
      <SelectField
        label="Kind"
        value={kind}
        options={AUTH_TYPES}
        onChange={(k) => update({ authorization: k === 'no-auth' ? { type: 'no-auth', config: null } : { type: 'api-key', config: { api_key: '', header: '', ...cfg, type: k } } }, 'authorization')}
      />
      {kind !== 'no-auth' && <TextField label="API key" value={textOf(cfg, 'api_key')} onChange={(t) => set({ api_key: t })} error={error} placeholder="{{#env.api_key#}}" mono />}
      {kind === 'custom' && <TextField label="Header" value={textOf(cfg, 'header')} onChange={(t) => set({ header: t })} placeholder="X-API-Key" mono />}
    </Section>
  );
}

/** Which hosts the app may reach: the URL's host, approved or not, and every approval. */
function HostsSection({ url }: { url: string }) {
  const appId = useEditor((s) => s.app?.id);
  const hosts = useAppHosts(appId);
  const change = useChangeHost(appId);
  const host = hostOf(url);
  const approved = hosts.data?.hosts ?? [];
  return (
    <Section title="Allowed hosts" hint="Lexflow is offline: a request leaves only for loopback or a host you approve for this app.">
      {host !== '' && (isLoopback(host) || approved.includes(host)) && (
        <Callout tone="success">{isLoopback(host) ? `${host} is this computer: always allowed.` : `${host} is approved for this app.`}</Callout>
      )}
      {host !== '' && !isLoopback(host) && !approved.includes(host) && (
        <Callout
          tone="danger"
          title={`${host} is not approved`}
          action={
            <Button size="sm" variant="primary" disabled={!appId} loading={change.isPending} onClick={() => change.mutate({ host, approve: true })}>
              Approve {host}
            </Button>
          }
        >
          A run will refuse this request until you approve the host for this app.
        </Callout>
      )}
      {change.error && <p className="panel-error">{change.error.message}</p>}
      {approved.length > 0 && (
        <ul className="http-host-list" aria-label="Approved hosts">
          {approved.map((h) => (
            <li key={h}>
              <span className="mono">{h}</span>
              <RemoveButton label={`Revoke ${h}`} onClick={() => change.mutate({ host: h, approve: false })} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TimeoutSection({ config, update }: { config: Config; update: PanelProps['update'] }) {
  const t = recordOf(config, 'timeout');
  const num = (k: string) => (typeof t[k] === 'number' && (t[k] as number) > 0 ? (t[k] as number) : undefined);
  const set = (k: string, v: number | undefined) => update({ timeout: { ...t, [k]: v ?? 0 } }, `timeout.${k}`);
  return (
    <Section title="Timeouts (seconds)">
      <div className="panel-row">
        <NumberField label="Connect" value={num('connect')} min={1} max={60} placeholder="10" onChange={(v) => set('connect', v)} />
        <NumberField label="Read" value={num('read')} min={1} max={600} placeholder="60" onChange={(v) => set('read', v)} />
        <NumberField label="Write" value={num('write')} min={1} max={600} placeholder="20" onChange={(v) => set('write', v)} />
      </div>
    </Section>
  );
}
