import { Compass } from 'lucide-react';
import { EmptyState } from '../components/ui/EmptyState';
import { PageHeader } from '../components/ui/PageHeader';
import { DEFAULT_PATH, hrefFor } from '../lib/router';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={<Compass size={22} />}
        title="Nothing lives at this address"
        description={
          <>
            There is no page at <code>{path}</code>. <a href={hrefFor(DEFAULT_PATH)}>Go to the library</a>.
          </>
        }
      />
    </>
  );
}
