import { ShieldCheck } from 'lucide-react';
import { Link } from '../components/ui/Link';
import { LogoMark } from './LogoMark';
import { ThemeToggle } from './ThemeToggle';
import { mainNav, settingsNav, type NavItem } from './routes';
import './Sidebar.css';

function NavEntry({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <li>
      <Link to={item.path} matchPrefix className="nav-link">
        <Icon size={16} aria-hidden="true" className="nav-icon" />
        <span className="nav-label">{item.label}</span>
      </Link>
    </li>
  );
}

export function Sidebar() {
  return (
    <aside className="sidebar">
      <div className="sidebar-brand">
        <LogoMark />
        <span className="sidebar-brand-name">Lexflow</span>
      </div>
      <nav aria-label="Main" className="sidebar-nav">
        <ul className="nav-list">
          {mainNav.map((item) => (
            <NavEntry key={item.path} item={item} />
          ))}
        </ul>
        <ul className="nav-list nav-list-bottom">
          <NavEntry item={settingsNav} />
        </ul>
      </nav>
      <div className="sidebar-footer">
        <span className="sidebar-local" title="Documents, conversations and runs stay on this machine">
          <ShieldCheck size={13} aria-hidden="true" />
          <span className="nav-label">Local only</span>
        </span>
        <ThemeToggle />
      </div>
    </aside>
  );
}
