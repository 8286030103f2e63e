import type { ReactNode } from 'react';
import { History, LibraryBig, MessageSquareText, Settings, Workflow, type LucideIcon } from 'lucide-react';
import { resolveLibraryRoute } from '../features/library/routes';
import { ChatPage } from '../features/chat/ChatPage';
import { matchChatPath } from '../lib/paths/chat';
import { matchRunPath } from '../lib/paths/runs';
import { matchAppPath } from '../lib/paths/studio';
import { settingsSections } from '../features/settings/sections';
import { lazyPage } from '../lib/lazyPage';
import { withNodeLooks } from '../shared/run/nodeLook';
import { NotFoundPage } from './NotFoundPage';
import { DEFAULT_PATH, isUnder } from '../lib/router';

const StudioPage = lazyPage(() => import('../features/studio/StudioPage').then((m) => m.StudioPage));
const EditorPage = lazyPage(() => import('../features/studio/editor/EditorPage').then((m) => m.EditorPage));
const RunsPage = lazyPage(() => import('../features/runs/RunsPage').then((m) => m.RunsPage));
// A run's trace draws its steps by their node types, which the studio defines.
const RunDetailPage = lazyPage(() =>
  Promise.all([import('../features/runs/RunDetailPage'), import('../features/studio/nodes/catalog')]).then(([page, nodes]) => withNodeLooks(page.RunDetailPage, nodes.kindOf)),
);
const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage));

export interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
}

export const mainNav: NavItem[] = [
  { path: '/library', label: 'Library', icon: LibraryBig },
  { path: '/chat', label: 'Chat', icon: MessageSquareText },
  { path: '/studio', label: 'Studio', icon: Workflow },
  { path: '/runs', label: 'Runs', icon: History },
];

export const settingsNav: NavItem = { path: '/settings', label: 'Settings', icon: Settings };

export type Resolved = { redirect: string } | { title: string; page: ReactNode };

/** Maps a path to its page (and document title), or to where it redirects. */
export function resolve(path: string): Resolved {
  if (path === '/') return { redirect: DEFAULT_PATH };
  if (path === '/settings') return { redirect: `/settings/${settingsSections[0]!.id}` };
  if (isUnder(path, '/settings')) {
    const section = settingsSections.find((s) => path === `/settings/${s.id}`);
    if (section) return { title: `${section.label} · Settings`, page: <SettingsPage section={section.id} /> };
  }
  if (isUnder(path, '/library')) {
    const library = resolveLibraryRoute(path);
    if (library) return library;
  }
  const chat = matchChatPath(path);
  if (chat !== undefined) return { title: 'Chat', page: <ChatPage conversationId={chat} /> };
  const appId = matchAppPath(path);
  if (appId !== null) return { title: 'Studio', page: <EditorPage key={appId} appId={appId} /> };
  const runId = matchRunPath(path);
  if (runId !== null) return { title: 'Run · Runs', page: <RunDetailPage key={runId} runId={runId} /> };
  switch (path) {
    case '/studio':
      return { title: 'Studio', page: <StudioPage /> };
    case '/runs':
      return { title: 'Runs', page: <RunsPage /> };
    default:
      return { title: 'Not found', page: <NotFoundPage path={path} /> };
  }
}
