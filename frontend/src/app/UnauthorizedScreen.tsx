import { KeyRound } from 'lucide-react';
import { LogoMark } from './LogoMark';
import './UnauthorizedScreen.css';

/** What a browser without this Lexflow's session sees: where the link is, and how long it lasts. */
export function UnauthorizedScreen() {
  const origin = typeof window === 'undefined' ? 'http://127.0.0.1:41414' : window.location.origin;
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
          This browser has not opened Lexflow&apos;s access link yet, or the link was replaced. Open the link that{' '}
          <code>lexflow serve</code> prints when it starts, in the terminal where Lexflow runs.
        </p>
        <p className="unauthorized-note">
          It looks like <code className="unauthorized-link">{origin}/#token=…</code>. After that, new tabs and bookmarks in
          this browser open Lexflow directly, also after a restart, until the link is replaced with{' '}
          <code>lexflow serve --new-token</code>.
        </p>
      </div>
    </main>
  );
}
