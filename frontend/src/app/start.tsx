// The app itself, loaded by the page's entry (main.ts) once it has started the first requests.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { whenStarted } from '../lib/atStart';
import { App } from './App';
import { initTheme } from './theme';

initTheme();

// The first render waits for the requests the entry started (lib/atStart.ts), a moment at most.
const START_WAIT_MS = 250;

void whenStarted(START_WAIT_MS).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
