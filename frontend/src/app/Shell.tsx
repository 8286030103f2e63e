import { useEffect } from 'react';
import { Toaster } from '../components/ui/toast/Toaster';
import { ErrorBoundary } from './ErrorBoundary';
import { resolve } from './routes';
import { navigate, usePath } from './router';
import { MAIN_ID, SkipLink } from './SkipLink';
import { Sidebar } from './Sidebar';
import './Shell.css';

export function Shell() {
  const path = usePath();
  const resolved = resolve(path);
  const redirect = 'redirect' in resolved ? resolved.redirect : null;
  const title = 'title' in resolved ? resolved.title : null;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  useEffect(() => {
    if (title) document.title = `${title} — Lexflow`;
  }, [title]);

  return (
    <div className="shell">
      <SkipLink />
      <Sidebar />
      <main id={MAIN_ID} className="shell-main" tabIndex={-1}>
        <div className="shell-content">
          <ErrorBoundary resetKey={path}>{'page' in resolved ? resolved.page : null}</ErrorBoundary>
        </div>
      </main>
      <Toaster />
    </div>
  );
}
