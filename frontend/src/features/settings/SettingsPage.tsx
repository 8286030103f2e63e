import { PageHeader } from '../../components/ui/PageHeader';
import { Link } from '../../components/ui/Link';
import { AboutPanel } from './about/AboutPanel';
import { DefaultsPanel } from './defaults/DefaultsPanel';
import { ProvidersPanel } from './providers/ProvidersPanel';
import { settingsSections, type SettingsSection } from './sections';
import './SettingsPage.css';


export function SettingsPage({ section }: { section: SettingsSection }) {
  return (
    <>
      <PageHeader title="Settings" description="Model providers, defaults and this installation." />
      <nav className="subnav" aria-label="Settings sections">
        {settingsSections.map((s) => (
          <Link key={s.id} to={`/settings/${s.id}`} className="subnav-link">
            {s.label}
          </Link>
        ))}
      </nav>
      {section === 'providers' && <ProvidersPanel />}
      {section === 'defaults' && <DefaultsPanel />}
      {section === 'about' && <AboutPanel />}
    </>
  );
}
