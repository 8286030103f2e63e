// The page's entry. Loading and running the app's code is most of a page load, so first it
// takes the session token out of the address bar (before anything reads the hash) and asks
// the backend for what the first screen waits for: the session check and, when the page
// opens at a conversation (a reload mid-answer), its messages and the events of an answer
// still streaming. The app takes these requests over (lib/atStart.ts).
import { currentPath } from './app/location';
import { startSystemCheck } from './app/systemCheck';
import { startConversation } from './features/chat/prefetch';
import { captureToken } from './lib/backend';
import './styles/tokens.css';
import './styles/base.css';

captureToken();
startSystemCheck();
startConversation(currentPath());
void import('./app/start');
