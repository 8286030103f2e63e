import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link } from '../components/ui/Link';
import { currentPath, isUnder, navigate, redirect, usePath } from '../lib/router';
import { Shell } from './Shell';
import { QueryClientProvider } from '@tanstack/react-query';
import { testQueryClient } from '../test/render';
import { mockApi, provider } from '../test/api';

function PathProbe() {
  return <output data-testid="path">{usePath()}</output>;
}

async function go(path: string) {
  await act(async () => {
    window.location.hash = path;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

describe('currentPath', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['#/library', '/library'],
    ['#/settings/providers/', '/settings/providers'],
    ['#/settings/about?x=1', '/settings/about'],
    ['#token=abc', '/'],
  ])('%s → %s', (hash, path) => {
    expect(currentPath(hash)).toBe(path);
  });

  it('redirects only from where the address still is', () => {
    window.location.hash = '#/';
    redirect('/', '/library');
    expect(currentPath()).toBe('/library');
    window.location.hash = '#/chat'; // followed before the redirect ran
    redirect('/', '/library');
    expect(currentPath()).toBe('/chat');
  });

  it('knows what is under a prefix', () => {
    expect(isUnder('/settings/about', '/settings')).toBe(true);
    expect(isUnder('/settings', '/settings')).toBe(true);
    expect(isUnder('/settingsx', '/settings')).toBe(false);
  });
});

describe('router hooks', () => {
  it('follows the hash and marks the current link', async () => {
    render(
      <>
        <PathProbe />
        <Link to="/chat">Chat</Link>
        <Link to="/settings" matchPrefix>
          Settings
        </Link>
      </>,
    );
    await go('/chat');
    expect(screen.getByTestId('path')).toHaveTextContent('/chat');
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '#/chat');
    await go('/settings/about');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Chat' })).not.toHaveAttribute('aria-current');
  });

  it('navigate(replace) changes the path without a new history entry', async () => {
    render(<PathProbe />);
    const before = window.history.length;
    await act(async () => navigate('/runs', { replace: true }));
    expect(screen.getByTestId('path')).toHaveTextContent('/runs');
    expect(window.location.hash).toBe('#/runs');
    expect(window.history.length).toBe(before);
  });
});

describe('Shell routing', () => {
  function renderShell() {
    mockApi({
      'GET /api/providers': () => [provider()],
      'GET /api/settings': () => ({ defaultProviderId: 'p1', defaultModel: '' }),
      'GET /api/settings/default-model': () => ({ providerId: 'p1', providerName: 'Local Ollama', model: 'llama3.2:3b', builtIn: false }),
    });
    return render(
      <QueryClientProvider client={testQueryClient()}>
        <Shell />
      </QueryClientProvider>,
    );
  }

  it('redirects / to the library', async () => {
    renderShell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/library');
    expect(document.title).toBe('Library — Lexflow');
  });

  it('shows each section from the navigation', async () => {
    renderShell();
    for (const [path, title] of [
      ['/chat', 'Chat'],
      ['/studio', 'Studio'],
      ['/runs', 'Runs'],
    ]) {
      await go(path!);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
    }
  });

  it('redirects /settings to its providers section', async () => {
    renderShell();
    await go('/settings');
    expect(await screen.findByRole('heading', { name: 'Providers' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/settings/providers');
    expect(screen.getByRole('link', { name: 'Providers' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a not-found page for unknown paths', async () => {
    renderShell();
    await go('/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('has a skip link that focuses the main content', async () => {
    renderShell();
    await go('/chat');
    act(() => screen.getByRole('link', { name: 'Skip to content' }).click());
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('#/chat');
  });
});
