import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, systemInfo } from '../../../test/api';
import { frame, sseResponse } from '../../../test/fetchMock';
import { renderWithClient } from '../../../test/render';
import { AboutPanel } from './AboutPanel';

afterEach(() => vi.unstubAllGlobals());

describe('AboutPanel', () => {
  it('shows the system information', async () => {
    mockApi({ 'GET /api/system': () => systemInfo });
    renderWithClient(<AboutPanel />);
    const info = await screen.findByTestId('system-info');
    expect(info).toHaveTextContent('0.1.0');
    expect(info).toHaveTextContent('abc1234');
    expect(info).toHaveTextContent('Browser (lexflow serve)');
    expect(info).toHaveTextContent('/data/lexflow.db');
    expect(info).toHaveTextContent('linux/amd64');
  });

  it('runs the event stream check and reports 50/50 in order', async () => {
    const s = sseResponse();
    mockApi({
      'GET /api/system': () => systemInfo,
      'POST /api/diagnostics/event-check': ({ body }) => {
        expect(body).toEqual({ count: 50 });
        return new Response(JSON.stringify({ topic: 'check-1' }), { status: 202 });
      },
      'GET /api/events': () => s.response,
    });
    const { user } = renderWithClient(<AboutPanel />);
    await user.click(screen.getByRole('button', { name: 'Event stream check' }));
    let text = '';
    for (let n = 1; n <= 50; n++) text += frame('check-1', n, 'tick', { n, count: 50 });
    s.send(text + frame('check-1', 51, 'done', {}));
    await vi.waitFor(() =>
      expect(screen.getByTestId('event-check-result')).toHaveTextContent('50/50 events received in order via sse'),
    );
  });

  it('reports a check that lost events', async () => {
    const s = sseResponse();
    mockApi({
      'GET /api/system': () => systemInfo,
      'POST /api/diagnostics/event-check': () => ({ topic: 'check-2' }),
      'GET /api/events': () => s.response,
    });
    const { user } = renderWithClient(<AboutPanel />);
    await user.click(screen.getByRole('button', { name: 'Event stream check' }));
    s.send(frame('check-2', 1, 'tick', { n: 1, count: 50 }) + frame('check-2', 2, 'tick', { n: 3, count: 50 }) + frame('check-2', 3, 'done', {}));
    await vi.waitFor(() => expect(screen.getByTestId('event-check-result')).toHaveTextContent('2/50 events received via sse'));
    expect(screen.getByTestId('event-check-result')).toHaveTextContent('2 of 50 events arrived');
  });
});
