import { KeyRound } from 'lucide-react';
import { LogoMark } from './LogoMark';
import './UnauthorizedScreen.css';

export function UnauthorizedScreen() {
  return (
    <main className="unauthorized" id="main-content">
      <div className="unauthorized-card">
        <div className="unauthorized-brand">
          <LogoMark size={32} />
          <span>Lexflow</span>
        </div>
        <div className="unauthorized-icon" aria-hidden="true">
          <KeyRound size={20} />
        </div>
        <h1 className="unauthorized-title">This page needs its access link</h1>
        <p className="unauthorized-text">
          Open Lexflow with the link printed by <code>lexflow serve</code> — it carries this session&apos;s access token.
        </p>
        <p className="unauthorized-note">
          The link looks like <code>http://127.0.0.1:PORT/#token=…</code>. Each launch of <code>lexflow serve</code> makes a
          new token, so links from an earlier launch no longer work.
        </p>
      </div>
    </main>
  );
}
