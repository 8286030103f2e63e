import { Workflow } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';

export function StudioPage() {
  return (
    <>
      <PageHeader title="Studio" description="Visual chatflows and batch workflows." />
      <EmptyState
        icon={<Workflow size={22} />}
        title="No workflows yet"
        description="Workflows you build will be listed here: graphs of retrieval, model, tool and follow-up-question steps, editable on a canvas and runnable on your documents."
      />
    </>
  );
}
