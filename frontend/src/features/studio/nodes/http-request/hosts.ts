// The hosts an app may reach, read and changed through TanStack Query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approveAppHost, listAppHosts, revokeAppHost } from '../../../../lib/backend';

const hostsKey = (appId: string) => ['studio', 'app-hosts', appId] as const;

export function useAppHosts(appId: string | undefined) {
  return useQuery({ queryKey: hostsKey(appId ?? ''), queryFn: ({ signal }) => listAppHosts(appId!, signal), enabled: !!appId });
}

export function useChangeHost(appId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ host, approve }: { host: string; approve: boolean }) => (approve ? approveAppHost(appId!, host) : revokeAppHost(appId!, host)),
    onSuccess: (hosts) => client.setQueryData(hostsKey(appId ?? ''), hosts),
  });
}
