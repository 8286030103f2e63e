import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initTheme } from './app/theme';
import { captureToken } from './lib/backend';
import './styles/tokens.css';
import './styles/base.css';

// Before anything reads the hash: take the session token out of the address bar.
captureToken();
initTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
