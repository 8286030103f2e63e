import { useEffect, useRef, useState } from 'react';
import { MessagesSquare, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Conversation } from '../../lib/api.gen';
import { hrefFor } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast/toastStore';
import { errorText, formatRelative } from '../../lib/format';
import { chatPath } from '../../lib/paths/chat';
import { useDeleteConversation, useRenameConversation } from './queries';

function RenameInput({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const [title, setTitle] = useState(conversation.title);
  const rename = useRenameConversation();
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const commit = async () => {
    if (done.current) return;
    done.current = true;
    const t = title.trim();
    if (t && t !== conversation.title) {
      try {
        await rename.mutateAsync({ id: conversation.id, title: t });
      } catch (err) {
        toast.error('The conversation was not renamed', errorText(err));
      }
    }
    onDone();
  };
  return (
    <input
      ref={ref}
      className="conv-rename input"
      value={title}
      aria-label="Conversation title"
      maxLength={200}
      onChange={(e) => setTitle(e.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          done.current = true;
          onDone();
        }
      }}
    />
  );
}

export interface ConversationListProps {
  conversations: Conversation[] | undefined;
  loading: boolean;
  selectedId: string | null;
  onNew: () => void;
  onDeleted: (id: string) => void;
}

/** The conversations, most recent first: open, rename inline, delete with confirmation. */
export function ConversationList({ conversations, loading, selectedId, onNew, onDeleted }: ConversationListProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const del = useDeleteConversation();

  return (
    <aside className="chat-sidebar" aria-label="Conversations">
      <div className="chat-sidebar-head">
        <h1 className="chat-sidebar-title">Chat</h1>
        <Button size="sm" icon={<Plus size={14} aria-hidden="true" />} onClick={onNew} data-testid="new-conversation">
          New
        </Button>
      </div>
      {loading ? (
        <p className="chat-sidebar-loading subtle">
          <Spinner size={14} /> Loading…
        </p>
      ) : !conversations?.length ? (
        <div className="chat-sidebar-empty">
          <MessagesSquare size={18} aria-hidden="true" />
          <p>No conversations yet.</p>
          <p className="subtle">Ask a question and it will be kept here, on this machine.</p>
        </div>
      ) : (
        <ul className="conv-list" data-testid="conversation-list">
          {conversations.map((c) => (
            <li key={c.id} className={`conv-item${c.id === selectedId ? ' conv-item-active' : ''}`} data-testid="conversation-item" data-conversation-id={c.id}>
              {renaming === c.id ? (
                <RenameInput conversation={c} onDone={() => setRenaming(null)} />
              ) : (
                <>
                  <a className="conv-link" href={hrefFor(chatPath(c.id))} aria-current={c.id === selectedId ? 'page' : undefined}>
                    <span className="conv-title" dir="auto">
                      {c.title || 'Untitled conversation'}
                    </span>
                    <span className="conv-meta">
                      {formatRelative(c.updatedAt)}
                      {c.messageCount > 0 && ` · ${c.messageCount} ${c.messageCount === 1 ? 'message' : 'messages'}`}
                    </span>
                  </a>
                  <span className="conv-actions">
                    <Button variant="ghost" size="sm" icon={<Pencil size={13} aria-hidden="true" />} aria-label={`Rename ${c.title}`} onClick={() => setRenaming(c.id)} />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="btn-danger-ghost"
                      icon={<Trash2 size={13} aria-hidden="true" />}
                      aria-label={`Delete ${c.title}`}
                      onClick={() => {
                        del.reset();
                        setDeleting(c);
                      }}
                    />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this conversation?"
          description={
            <>
              “{deleting.title || 'Untitled conversation'}” and all its answers and audit records will be removed from this machine. This cannot be undone.
            </>
          }
          confirmLabel="Delete conversation"
          done={['Conversation deleted', deleting.title]}
          failureTitle="The conversation was not deleted"
          pending={del.isPending}
          error={del.error}
          action={() => del.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
          onDone={() => onDeleted(deleting.id)}
        />
      )}
    </aside>
  );
}
