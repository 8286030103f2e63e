// TanStack Query bindings for the Studio: the apps, templates and node types.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppCreate, AppImport, AppRename } from '../../lib/api.gen';
import { createApp, deleteApp, duplicateApp, importApp, listApps, listAppTemplates, listNodeTypes, listTools, renameApp } from '../../lib/backend';

export const keys = {
  apps: ['studio', 'apps'] as const,
  templates: ['studio', 'templates'] as const,
  nodeTypes: ['studio', 'node-types'] as const,
  tools: ['studio', 'tools'] as const,
};

export function useApps() {
  return useQuery({ queryKey: keys.apps, queryFn: ({ signal }) => listApps(signal) });
}

export function useTemplates() {
  return useQuery({ queryKey: keys.templates, queryFn: ({ signal }) => listAppTemplates(signal), staleTime: Infinity });
}

export function useNodeTypes() {
  return useQuery({ queryKey: keys.nodeTypes, queryFn: ({ signal }) => listNodeTypes(signal), staleTime: Infinity });
}

/** The built-in tools Tool and Agent steps can call; they do not change while Lexflow runs. */
export function useTools() {
  return useQuery({ queryKey: keys.tools, queryFn: ({ signal }) => listTools(signal), staleTime: Infinity });
}

/** Any change to the apps also changes the chatflows Chat offers. */
function useInvalidateApps() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: keys.apps }), client.invalidateQueries({ queryKey: ['chat'] })]);
}

export function useCreateApp() {
  const invalidate = useInvalidateApps();
  return useMutation({ mutationFn: (input: AppCreate) => createApp(input), onSuccess: invalidate });
}

export function useDuplicateApp() {
  const invalidate = useInvalidateApps();
  return useMutation({ mutationFn: (id: string) => duplicateApp(id), onSuccess: invalidate });
}

export function useRenameApp() {
  const invalidate = useInvalidateApps();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: AppRename }) => renameApp(id, input), onSuccess: invalidate });
}

export function useDeleteApp() {
  const invalidate = useInvalidateApps();
  return useMutation({ mutationFn: (id: string) => deleteApp(id), onSuccess: invalidate });
}

export function useImportApp() {
  const invalidate = useInvalidateApps();
  // A dry run (checking a mapping) creates nothing: nothing to refetch, nor to wait for.
  return useMutation({ mutationFn: (input: AppImport) => importApp(input), onSuccess: (_r, input) => (input.dryRun ? undefined : invalidate()) });
}
