import { useQueries } from '@tanstack/react-query';
import type { Provider } from '../../lib/api.gen';
import { listModels } from '../../lib/backend';
import { defaultModelLabel } from './defaultModelLabel';
import { keys as settingsKeys, useDefaultModel, useProviders } from './queries';

export interface ModelChoices {
  providers: Provider[];
  /** Each provider's model names by provider id, its default model first. */
  models: Record<string, string[]>;
  /** How the configured default model reads. */
  defaultLabel: string;
}

/** Every provider's models, for the model picker. */
export function useModelChoices(): ModelChoices {
  const providers = useProviders();
  const defaultModel = useDefaultModel();
  const list = providers.data ?? [];
  const results = useQueries({
    queries: list.map((p) => ({
      queryKey: settingsKeys.models(p.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => listModels(p.id, signal),
      enabled: !p.builtIn,
      staleTime: 60_000,
      retry: false,
    })),
  });
  const models: Record<string, string[]> = {};
  list.forEach((p, i) => {
    const names = results[i]?.data?.map((m) => m.name) ?? [];
    models[p.id] = p.defaultModel && !names.includes(p.defaultModel) ? [p.defaultModel, ...names] : names;
  });
  return { providers: list, models, defaultLabel: defaultModelLabel(defaultModel.data) };
}
