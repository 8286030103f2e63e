// The app itself, loaded by the page's entry (main.ts) once it has started the first requests.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { early } from '../lib/early';
import { App } from './App';
import { initTheme } from './theme';

initTheme();

// The first render waits for the requests the entry started (lib/early.ts), a moment at most.
const START_WAIT_MS = 250;

void early.firstRender(START_WAIT_MS).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
