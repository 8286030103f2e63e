// The page's entry. Loading and running the app's code is most of a page load, so first it
// takes the session token out of the address bar (before anything reads the hash), trades it
// for the session cookie that lets other tabs in (a page without one rides on that cookie), and asks
// the backend for what the first screen waits for: the session check and, when the page
// opens at a conversation (a reload mid-answer), its messages and the events of an answer
// still streaming. The app takes these requests over (lib/early.ts).
import { currentPath } from './lib/location';
import { captureToken, startSession } from './lib/backend';
import { early } from './lib/early';
import './styles/tokens.css';
import './styles/base.css';

if (captureToken()) void startSession().catch(() => {}); // a wrong token shows in the session check
// A link pasted over this page's address changes only the hash: start again to take its token.
window.addEventListener('hashchange', () => {
  if (/[#?&]token=/.test(window.location.hash)) window.location.reload();
});
early.start(currentPath());
void import('./app/start');
