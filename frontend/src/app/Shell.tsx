import { Suspense, useEffect } from 'react';
import { Spinner } from '../components/ui/Spinner';
import { Toaster } from '../components/ui/toast/Toaster';
import { ErrorBoundary } from './ErrorBoundary';
import { resolve } from './routes';
import { redirect, usePath } from '../lib/router';
import { MAIN_ID, SkipLink } from './SkipLink';
import { Sidebar } from './Sidebar';
import './Shell.css';

export function Shell() {
  const path = usePath();
  const resolved = resolve(path);
  const redirectTo = 'redirect' in resolved ? resolved.redirect : null;
  const title = 'title' in resolved ? resolved.title : null;

  useEffect(() => {
    if (redirectTo) redirect(path, redirectTo);
  }, [path, redirectTo]);

  useEffect(() => {
    if (title) document.title = `${title} — Lexflow`;
  }, [title]);

  return (
    <div className="shell">
      <SkipLink />
      <Sidebar />
      <main id={MAIN_ID} className="shell-main" tabIndex={-1}>
        <div className="shell-content">
          <ErrorBoundary resetKey={path}>
            <Suspense fallback={<PageLoading />}>{'page' in resolved ? resolved.page : null}</Suspense>
          </ErrorBoundary>
        </div>
      </main>
      <Toaster />
    </div>
  );
}

/** Shown while a page's code loads (a first visit, for a moment). */
function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size={20} label="Loading page" />
    </div>
  );
}
