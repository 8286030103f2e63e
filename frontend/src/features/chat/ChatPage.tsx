import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Download, LibraryBig, MessageSquareText, ScanSearch, Sparkles } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message, TurnSettings } from '../../lib/api.gen';
import { BackendError, exportConversation } from '../../lib/backend';
import { Link } from '../../components/ui/Link';
import { navigate } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { LoadError } from '../../components/ui/LoadError';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast/toastStore';
import { useCollections, useLoadSample } from '../../shared/library/queries';
import { useAllDocuments, type LibraryDocument } from '../../shared/library/useAllDocuments';
import { LIBRARY_PATH } from '../../lib/paths/library';
import { useProviders } from '../../shared/providers/queries';
import { AnswerMessage } from './AnswerMessage';
import { useAnswerCompletion } from './answerCompletion';
import { AuditDialog } from './AuditDialog';
import { exportFileName } from '../../shared/answer/citations';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { useOpenCitation } from '../../shared/answer/openSource';
import { chatPath } from '../../lib/paths/chat';
import { chosen, initialSettings, loadDraft, loadPreferredSettings, saveDraft, savePreferredSettings, clearDraft } from './preferences';
import { conversationGone, DEFAULT_APP_ID, useChatflows, useConversations, useCreateConversation, useMessages, useRegenerate, useSend, useStop } from './queries';
import './Chat.css';
import { errorText } from '../../lib/format';

export const SUGGESTIONS = [
  'How much notice ends the services agreement?',
  'When is a written agreement to arbitrate valid and enforceable?',
  'What rights does a consumer have if goods are faulty?',
  'What are the lawful bases for processing personal data?',
];

function newTurnKey(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  }
}

function titleFor(question: string): string {
  const t = question.replace(/\s+/g, ' ').trim();
  const cps = Array.from(t);
  return cps.length > 64 ? `${cps.slice(0, 63).join('').trimEnd()}…` : t;
}

/** What a question searched, as it says under it: "In: Distributor Agreement, Lease"; documents by their current titles. */
export function scopeNames(message: Message, documents: readonly LibraryDocument[]): string[] {
  const s = message.scope;
  if (!s) return [];
  if (s.documents.length > 0) return s.documents.map((d) => documents.find((x) => x.id === d.id)?.title ?? d.name);
  return s.collections.map((c) => c.name);
}

function HumanMessage({ message, documents }: { message: Message; documents: readonly LibraryDocument[] }) {
  const names = scopeNames(message, documents);
  const what = message.scope?.documents.length ? 'documents' : 'collections';
  return (
    <div className="msg msg-human" data-testid="human-message" data-message-id={message.id}>
      <p className="msg-human-text" dir="auto">
        {message.content}
      </p>
      {names.length > 0 && (
        <p className="msg-scope" data-testid="message-scope" title={`Searched only the ${what}: ${names.join(', ')}`}>
          <ScanSearch size={12} aria-hidden="true" />
          <span className="msg-scope-names" dir="auto">
            In: {names.join(', ')}
          </span>
        </p>
      )}
    </div>
  );
}

/** Which chatflow answers a new conversation: shown only when there is a choice. */
function AppPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const chatflows = useChatflows();
  const apps = chatflows.data ?? [];
  if (apps.length < 2) return null;
  return (
    <label className="welcome-app">
      <span>Answer with</span>
      <select data-testid="app-picker" value={value || apps[0]!.id} onChange={(e) => onChange(e.target.value)}>
        {apps.map((a) => (
          <option key={a.id} value={a.id} title={a.description}>
            {a.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Welcome({
  hasLibrary,
  libraryLoading,
  onAsk,
  appId,
  onAppId,
}: {
  hasLibrary: boolean;
  libraryLoading: boolean;
  onAsk: (q: string) => void;
  appId: string;
  onAppId: (id: string) => void;
}) {
  const sample = useLoadSample();
  if (libraryLoading) return null;
  if (!hasLibrary) {
    return (
      <EmptyState
        icon={<LibraryBig size={22} />}
        title="No library yet"
        description="Lexflow answers only from documents you give it, and cites the page and article for every sentence. Add statutes, contracts or judgments to the Library — or load the sample library to try it now."
        action={
          <div className="empty-actions">
            <Button
              variant="primary"
              icon={<Sparkles size={15} aria-hidden="true" />}
              loading={sample.isPending}
              onClick={() =>
                sample.mutate(undefined, {
                  onSuccess: () => toast.success('Sample library loading', 'Its documents are being indexed; you can ask as soon as they are ready.'),
                })
              }
            >
              Load sample library
            </Button>
            <Link to={LIBRARY_PATH} className="btn btn-secondary btn-md">
              <LibraryBig size={15} aria-hidden="true" /> Open the Library
            </Link>
          </div>
        }
      />
    );
  }
  return (
    <div className="welcome" data-testid="chat-welcome">
      <div className="welcome-icon" aria-hidden="true">
        <MessageSquareText size={22} />
      </div>
      <h2 className="welcome-title">Ask your library</h2>
      <AppPicker value={appId} onChange={onAppId} />
      <p className="welcome-text">
        Every answer is written only from your documents. Each sentence carries a citation you can hover to read and click to open at the exact passage; anything
        unsupported is flagged.
      </p>
      <ul className="suggestions" aria-label="Suggested questions">
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            <button type="button" className="suggestion" onClick={() => onAsk(s)}>
              {s}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Keeps the thread scrolled to the bottom while it grows, unless the reader scrolled up. */
function useStickToBottom(dep: unknown) {
  const scroller = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    const el = scroller.current;
    const content = inner.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    });
    ro.observe(content);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => {
    stick.current = true;
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [dep]);
  return { scroller, inner };
}

export function ChatPage({ conversationId = null }: { conversationId?: string | null }) {
  const qc = useQueryClient();
  const conversations = useConversations();
  const collections = useCollections();
  const library = useAllDocuments();
  const providers = useProviders();
  const messages = useMessages(conversationId);
  const create = useCreateConversation();
  const send = useSend();
  const regenerate = useRegenerate(conversationId ?? '');
  const stop = useStop();
  const openCitation = useOpenCitation(chatPath(conversationId));
  const [audit, setAudit] = useState<Message | null>(null);
  const [newAppId, setNewAppId] = useState(''); // '': Legal Q&A
  const chatflows = useChatflows();
  const [exporting, setExporting] = useState(false);

  const conversation: Conversation | undefined = conversations.data?.find((c) => c.id === conversationId);
  const app = chatflows.data?.find((a) => a.id === ((conversationId ? conversation?.appId : newAppId) || DEFAULT_APP_ID));
  const draftKey = conversationId ?? 'new';
  const [draft, setDraft] = useState(() => loadDraft(draftKey));
  useEffect(() => setDraft(loadDraft(draftKey)), [draftKey]);
  const onDraft = (text: string) => {
    setDraft(text);
    saveDraft(draftKey, text);
  };

  const knownCollections = collections.data?.map((c) => c.id) ?? null;
  const knownProviders = providers.data?.map((p) => p.id) ?? null;
  const knownDocuments = library.loaded ? library.documents.map((d) => d.id) : null;
  const [settings, setSettings] = useState<TurnSettings>(() => initialSettings(null, loadPreferredSettings(), { collectionIds: null, providerIds: null }));
  const settingsFor = useRef<string | null | undefined>(undefined);
  // The settings a new conversation was started with, until the list shows them as its own.
  const startedWith = useRef<{ id: string; settings: TurnSettings } | null>(null);
  useEffect(() => {
    // Once per conversation (and once its data is in): its own last settings, else the preference.
    const key = `${conversationId ?? ''}|${conversation ? 'c' : ''}|${knownCollections ? 'k' : ''}|${knownProviders ? 'p' : ''}|${knownDocuments ? 'd' : ''}`;
    if (settingsFor.current === key) return;
    settingsFor.current = key;
    const started = startedWith.current?.id === conversationId ? startedWith.current.settings : null;
    const own = chosen(conversation?.settings) ? conversation?.settings : started;
    setSettings(initialSettings(own, loadPreferredSettings(), { collectionIds: knownCollections, providerIds: knownProviders, documentIds: knownDocuments }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, conversation, knownCollections === null, knownProviders === null, knownDocuments === null]);
  const onSettings = (s: TurnSettings) => {
    setSettings(s);
    savePreferredSettings(s);
  };

  const list = useMemo(() => messages.data ?? [], [messages.data]);
  const running = list.find((m) => m.role === 'ai' && m.status === 'streaming');
  const { scroller, inner } = useStickToBottom(`${conversationId}:${list.length}`);
  const announcement = useAnswerCompletion(list, draft.trim() !== '');
  const [composerFocus, setComposerFocus] = useState(0);

  const ask = useCallback(
    async (question: string, mentionIds: string[] = []) => {
      const q = question.trim();
      if (!q) return;
      let id = conversationId;
      try {
        if (!id) {
          const c = await create.mutateAsync({ title: titleFor(q), appId: newAppId });
          id = c.id;
          startedWith.current = { id, settings };
          clearDraft('new');
          navigate(chatPath(id));
        }
        setDraft('');
        clearDraft(id);
        await send.mutateAsync({ conversationId: id, body: { query: q, settings, mentionIds, turnKey: newTurnKey() } });
      } catch (err) {
        setDraft(q);
        if (id) saveDraft(id, q);
        if (id && err instanceof BackendError && err.status === 404 && (await conversationGone(qc, id))) {
          // Deleted meanwhile, e.g. in another window: keep the question for a new conversation.
          saveDraft('new', q);
          toast.error('This conversation was deleted', 'Your question was not sent. It is kept: start a new conversation to ask it there.');
          return;
        }
        toast.error('The question was not sent', errorText(err));
      }
    },
    [conversationId, create, send, settings, qc, newAppId],
  );

  const onStop = (m: Message) => {
    stop.mutate(m.id, { onError: (err) => toast.error('The answer could not be stopped', err.message) });
  };
  const onRegenerate = (m: Message) => {
    regenerate.mutate({ messageId: m.id, settings }, { onError: (err) => toast.error('The answer was not regenerated', err.message) });
  };

  const onExport = async () => {
    if (!conversationId) return;
    setExporting(true);
    try {
      const md = await exportConversation(conversationId);
      const url = URL.createObjectURL(new Blob([md], { type: 'text/markdown;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(conversation?.title ?? 'conversation');
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast.error('The conversation was not exported', errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const hasLibrary = (collections.data?.length ?? 0) > 0;
  const missing = messages.error instanceof BackendError && messages.error.status === 404;

  return (
    <div className="chat-layout">
      <ConversationList
        conversations={conversations.data}
        loading={conversations.isPending}
        selectedId={conversationId}
        onNew={() => {
          navigate(chatPath(null));
          setComposerFocus((n) => n + 1);
        }}
        onDeleted={(id) => {
          clearDraft(id);
          if (id === conversationId) navigate(chatPath(null), { replace: true });
        }}
      />
      <section className="chat-main" aria-label={conversation?.title ?? 'New conversation'}>
        <header className="chat-head">
          <div className="chat-head-text">
            <h2 className="chat-head-title" dir="auto">
              {conversationId ? conversation?.title || 'Conversation' : 'New conversation'}
            </h2>
            <p className="chat-head-sub subtle" data-testid="chat-app">
              {app ? `${app.name}${app.description ? ` · ${app.description}` : ''}` : '\u00a0'}
            </p>
          </div>
          {conversationId && list.length > 0 && (
            <Button size="sm" icon={<Download size={14} aria-hidden="true" />} loading={exporting} onClick={() => void onExport()} data-testid="export-button">
              Export Markdown
            </Button>
          )}
        </header>

        <div className="chat-scroll" ref={scroller}>
          <div className="chat-thread" ref={inner} data-testid="thread">
            {conversationId && messages.isPending ? (
              <p className="muted chat-loading">
                <Spinner size={14} /> Loading the conversation…
              </p>
            ) : missing ? (
              <EmptyState
                icon={<MessageSquareText size={22} />}
                title="This conversation does not exist"
                description="It may have been deleted."
                action={<Button onClick={() => navigate(chatPath(null), { replace: true })}>Start a new one</Button>}
              />
            ) : messages.error ? (
              <LoadError title="The conversation could not be loaded" onRetry={() => void messages.refetch()}>
                {messages.error.message}
              </LoadError>
            ) : list.length === 0 ? (
              <Welcome hasLibrary={hasLibrary} libraryLoading={collections.isPending} onAsk={(q) => void ask(q)} appId={newAppId} onAppId={setNewAppId} />
            ) : (
              list.map((m) =>
                m.role === 'human' ? (
                  <HumanMessage key={m.id} message={m} documents={library.documents} />
                ) : m.role === 'ai' ? (
                  <AnswerMessage
                    key={m.id}
                    message={m}
                    conversationId={conversationId!}
                    busy={Boolean(running) || regenerate.isPending}
                    onOpenCitation={(c) => void openCitation(c)}
                    onRegenerate={onRegenerate}
                    onStop={onStop}
                    onAudit={setAudit}
                    stopping={stop.isPending && stop.variables === m.id}
                  />
                ) : null,
              )
            )}
          </div>
        </div>

        <div className="chat-composer-wrap">
          <Composer
            draft={draft}
            onDraft={onDraft}
            onSend={(q, mentionIds) => void ask(q, mentionIds)}
            onStop={running ? () => onStop(running) : undefined}
            running={Boolean(running)}
            sending={send.isPending || create.isPending}
            settings={settings}
            onSettings={onSettings}
            collections={collections.data ?? []}
            documents={library.documents}
            disabled={missing}
            focusRequest={composerFocus}
          />
          <p className="sr-only" role="status" aria-live="polite" data-testid="answer-announcer">
            {announcement}
          </p>
        </div>
      </section>
      {audit && <AuditDialog message={audit} settings={settings} onClose={() => setAudit(null)} />}
    </div>
  );
}
