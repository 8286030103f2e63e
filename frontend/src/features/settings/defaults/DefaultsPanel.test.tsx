import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, extractive, mockApi, model, provider } from '../../../test/api';
import { renderWithClient } from '../../../test/render';
import { DefaultsPanel } from './DefaultsPanel';

afterEach(() => vi.unstubAllGlobals());

describe('DefaultsPanel', () => {
  it('chooses a default provider and model and saves them', async () => {
    const fetch = mockApi({
      'GET /api/providers': () => [extractive, provider()],
      'GET /api/settings': () => ({ defaultProviderId: 'extractive', defaultModel: '' }),
      'GET /api/settings/default-model': () => ({ providerId: 'extractive', providerName: 'Built-in (extractive)', model: '', builtIn: true }),
      'GET /api/providers/p1/models': () => [model(), model({ name: 'qwen3:4b' })],
      'PUT /api/settings': ({ body }) => body,
    });
    const { user } = renderWithClient(<DefaultsPanel />);
    const providerSelect = await screen.findByLabelText('Default provider');
    expect(providerSelect).toHaveValue('extractive');
    expect(screen.getByTestId('default-in-use')).toHaveTextContent('Built-in (extractive) (built-in)');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.selectOptions(providerSelect, 'p1');
    const modelSelect = await screen.findByRole('combobox', { name: 'Default model' });
    await user.selectOptions(modelSelect, 'qwen3:4b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(bodiesOf(fetch, 'PUT', '/api/settings')).toEqual([{ defaultProviderId: 'p1', defaultModel: 'qwen3:4b' }]),
    );
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('shows the default in use, and why the chosen one is passed over', async () => {
    mockApi({
      'GET /api/providers': () => [extractive, provider()],
      'GET /api/settings': () => ({ defaultProviderId: 'p1', defaultModel: '' }),
      'GET /api/settings/default-model': () => ({
        providerId: 'extractive',
        providerName: 'Built-in (extractive)',
        model: '',
        builtIn: true,
        note: 'Local has no default model, so it is not used as the default; choose one in Settings → Providers.',
      }),
      'GET /api/providers/p1/models': () => [model()],
    });
    renderWithClient(<DefaultsPanel />);
    expect(await screen.findByLabelText('Default provider')).toHaveValue('extractive');
    expect(screen.getByRole('status')).toHaveTextContent('Local has no default model');
  });
});
