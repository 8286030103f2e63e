// What the chat keeps in localStorage: the last turn settings chosen (a preference; never the
// chosen documents, which belong to their conversation) and
// unsent drafts per conversation. Never messages: the backend is the only source of history.
import type { TurnSettings } from '../../lib/api.gen';

export const PREFS_KEY = 'lexflow.chat.prefs';
export const DRAFT_PREFIX = 'lexflow.chat.draft.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const emptySettings: TurnSettings = { collectionIds: [], documentIds: [], providerId: '', model: '' };

function isSettings(v: unknown): v is TurnSettings {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as TurnSettings;
  return Array.isArray(s.collectionIds) && s.collectionIds.every((x) => typeof x === 'string') && typeof s.providerId === 'string' && typeof s.model === 'string';
}

/** Only the settings fields, whatever else the object carries (documentIds missing from older ones). */
export function cleanSettings(s: TurnSettings): TurnSettings {
  return { collectionIds: [...s.collectionIds], documentIds: [...(s.documentIds ?? [])], providerId: s.providerId, model: s.model };
}

export function loadPreferredSettings(): TurnSettings | null {
  try {
    const raw = storage()?.getItem(PREFS_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as { settings?: unknown };
    return isSettings(v?.settings) ? cleanSettings(v.settings) : null;
  } catch {
    return null;
  }
}

export function savePreferredSettings(s: TurnSettings): void {
  try {
    storage()?.setItem(PREFS_KEY, JSON.stringify({ settings: { ...cleanSettings(s), documentIds: [] } }));
  } catch {
    // storage full or disabled: a preference is not worth failing for
  }
}

export function loadDraft(conversationId: string): string {
  try {
    return storage()?.getItem(DRAFT_PREFIX + conversationId) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(conversationId: string, text: string): void {
  try {
    const s = storage();
    if (!s) return;
    if (text.trim()) s.setItem(DRAFT_PREFIX + conversationId, text);
    else s.removeItem(DRAFT_PREFIX + conversationId);
  } catch {
    // ignore
  }
}

export function clearDraft(conversationId: string): void {
  saveDraft(conversationId, '');
}

/** Whether settings hold any choice, rather than all defaults. */
export function chosen(s: TurnSettings | null | undefined): s is TurnSettings {
  return Boolean(s && (s.providerId || s.model || s.collectionIds?.length || s.documentIds?.length));
}

/**
 * The settings a turn starts from: the conversation's own (what its last turn used: its chosen
 * documents stay until changed), else the stored preference, else the defaults. Collections and
 * documents that no longer exist are dropped; an empty list means every collection.
 */
export function initialSettings(
  conversation: TurnSettings | null | undefined,
  preferred: TurnSettings | null,
  known: { collectionIds: readonly string[] | null; providerIds: readonly string[] | null; documentIds?: readonly string[] | null },
): TurnSettings {
  const base = cleanSettings(chosen(conversation) ? conversation : (preferred ?? emptySettings));
  if (known.collectionIds) base.collectionIds = base.collectionIds.filter((id) => known.collectionIds!.includes(id));
  if (known.documentIds) base.documentIds = base.documentIds.filter((id) => known.documentIds!.includes(id));
  if (known.providerIds && base.providerId && !known.providerIds.includes(base.providerId)) {
    base.providerId = '';
    base.model = '';
  }
  return base;
}
