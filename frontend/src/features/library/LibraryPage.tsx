import { LibraryBig } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';

export function LibraryPage() {
  return (
    <>
      <PageHeader title="Library" description="Collections of statutes, regulations, contracts and judgments, indexed on this machine." />
      <EmptyState
        icon={<LibraryBig size={22} />}
        title="No documents yet"
        description="Drop PDFs, Word files, HTML or text here to build a collection. Lexflow reads their structure — parts, chapters, articles — so every answer can cite the exact page and article."
      />
    </>
  );
}
