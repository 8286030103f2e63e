import { MessageSquareText } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';

export function ChatPage() {
  return (
    <>
      <PageHeader title="Chat" description="Questions answered only from your documents, with verified citations." />
      <EmptyState
        icon={<MessageSquareText size={22} />}
        title="No conversations yet"
        description="Your conversations will appear here: streamed answers whose every claim links to the article and page it rests on."
      />
    </>
  );
}
