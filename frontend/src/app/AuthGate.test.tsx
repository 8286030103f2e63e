import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, systemInfo } from '../test/api';
import { errorResponse } from '../test/fetchMock';
import { renderWithClient } from '../test/render';
import { AuthGate } from './AuthGate';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.runtime;
});

describe('AuthGate', () => {
  it('explains how to get in when the API refuses the session token', async () => {
    mockApi({ 'GET /api/system': () => errorResponse(401, 'unauthorized', 'missing token') });
    renderWithClient(
      <AuthGate>
        <p>the app</p>
      </AuthGate>,
    );
    expect(await screen.findByText(/Open the link that/)).toHaveTextContent(
      'Open the link that lexflow serve prints when it starts, in the terminal where Lexflow runs.',
    );
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });

  it('shows the app when the token is accepted', async () => {
    mockApi({ 'GET /api/system': () => systemInfo });
    renderWithClient(
      <AuthGate>
        <p>the app</p>
      </AuthGate>,
    );
    expect(await screen.findByText('the app')).toBeInTheDocument();
  });

  it('does not lock the app when the backend is merely unreachable', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithClient(
      <AuthGate>
        <p>the app</p>
      </AuthGate>,
    );
    expect(await screen.findByText('the app')).toBeInTheDocument();
  });

  it('needs no token in the desktop window', () => {
    window.runtime = { EventsOn: () => () => {} };
    mockApi({ 'GET /api/system': () => systemInfo });
    renderWithClient(
      <AuthGate>
        <p>the app</p>
      </AuthGate>,
    );
    expect(screen.getByText('the app')).toBeInTheDocument();
  });
});
