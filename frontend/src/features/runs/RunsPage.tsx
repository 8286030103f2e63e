import { History } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';

export function RunsPage() {
  return (
    <>
      <PageHeader title="Runs" description="Every chat turn and workflow run, with its full trace." />
      <EmptyState
        icon={<History size={22} />}
        title="No runs yet"
        description="Each run will be recorded here with its per-node trace — inputs, outputs, model calls, tokens and timings — so any answer can be audited and replayed."
      />
    </>
  );
}
