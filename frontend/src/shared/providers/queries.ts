// TanStack Query bindings for the settings views: keys, queries and mutations.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Model, Provider, ProviderInput, ProviderTest, Settings } from '../../lib/api.gen';
import {
  checkProvider,
  createProvider,
  deleteProvider,
  getDefaultModel,
  getSettings,
  listModels,
  listProviders,
  putSettings,
  testProvider,
  updateProvider,
} from '../../lib/backend';
import { early } from '../../lib/early';

export const keys = {
  system: ['system'] as const,
  providers: ['providers'] as const,
  models: (id: string) => ['providers', id, 'models'] as const,
  settings: ['settings'] as const,
  defaultModel: ['settings', 'default-model'] as const,
};

/** The system's facts (and the session check): the first use takes over the request the entry started early. */
export function useSystemInfo() {
  return useQuery({ queryKey: keys.system, ...early.system(), staleTime: Infinity });
}

export function useProviders() {
  return useQuery({ queryKey: keys.providers, queryFn: ({ signal }) => listProviders(signal) });
}

export function useModels(id: string | null | undefined, enabled = true) {
  return useQuery<Model[]>({
    queryKey: keys.models(id ?? ''),
    queryFn: ({ signal }) => listModels(id!, signal),
    enabled: Boolean(id) && enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => getSettings(signal) });
}

/** The default model as the backend resolves it: what Chat and Settings both show. */
export function useDefaultModel() {
  return useQuery({ queryKey: keys.defaultModel, queryFn: ({ signal }) => getDefaultModel(signal) });
}

export function useSaveProvider() {
  const qc = useQueryClient();
  return useMutation<Provider, Error, { id?: string; input: ProviderInput }>({
    mutationFn: ({ id, input }) => (id ? updateProvider(id, input) : createProvider(input)),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: keys.providers }), qc.invalidateQueries({ queryKey: keys.defaultModel })]),
  });
}

/** Tests a provider as the dialog holds it, before saving. */
export function useCheckProvider() {
  return useMutation<ProviderTest, Error, { id?: string; input: ProviderInput }>({
    mutationFn: ({ id, input }) => checkProvider(id, input),
  });
}

export function useDeleteProvider() {
  const qc = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => deleteProvider(id),
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: keys.models(id) });
      return Promise.all([qc.invalidateQueries({ queryKey: keys.providers }), qc.invalidateQueries({ queryKey: keys.defaultModel })]);
    },
  });
}

/** Tests a provider; a successful test also refreshes its model list and status dot. */
export function useTestProvider(id: string) {
  const qc = useQueryClient();
  return useMutation<ProviderTest, Error, void>({
    mutationFn: () => testProvider(id),
    onSuccess: (result) => {
      if (result.ok) qc.setQueryData(keys.models(id), result.models ?? []);
      return qc.invalidateQueries({ queryKey: keys.providers, exact: true });
    },
  });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation<Settings, Error, Settings>({
    mutationFn: (s) => putSettings(s),
    onSuccess: (saved) => {
      qc.setQueryData(keys.settings, saved);
      return qc.invalidateQueries({ queryKey: keys.defaultModel });
    },
  });
}
