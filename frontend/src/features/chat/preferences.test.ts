import { describe, expect, it } from 'vitest';
import { clearDraft, initialSettings, loadDraft, loadPreferredSettings, PREFS_KEY, saveDraft, savePreferredSettings } from './preferences';

describe('chat preferences', () => {
  it('stores only the settings fields, never the chosen documents', () => {
    const withExtra = { collectionIds: ['c1'], documentIds: ['d1'], providerId: 'p1', model: 'm', messages: [{ content: 'secret' }] } as never;
    savePreferredSettings(withExtra);
    expect(JSON.parse(localStorage.getItem(PREFS_KEY)!)).toEqual({ settings: { collectionIds: ['c1'], documentIds: [], providerId: 'p1', model: 'm' } });
    expect(loadPreferredSettings()).toEqual({ collectionIds: ['c1'], documentIds: [], providerId: 'p1', model: 'm' });
  });

  it('reads a preference saved before documents could be chosen', () => {
    localStorage.setItem(PREFS_KEY, '{"settings": {"collectionIds": ["c1"], "providerId": "", "model": ""}}');
    expect(loadPreferredSettings()).toEqual({ collectionIds: ['c1'], documentIds: [], providerId: '', model: '' });
  });

  it('never writes anything but the preference and drafts', () => {
    savePreferredSettings({ collectionIds: [], documentIds: [], providerId: 'p', model: '' });
    saveDraft('conv1', 'half a question');
    const keys = Object.keys(localStorage);
    expect(keys.sort()).toEqual(['lexflow.chat.draft.conv1', PREFS_KEY].sort());
    expect(loadDraft('conv1')).toBe('half a question');
    clearDraft('conv1');
    expect(Object.keys(localStorage)).toEqual([PREFS_KEY]);
  });

  it('ignores a corrupt preference', () => {
    localStorage.setItem(PREFS_KEY, '{"settings": {"collectionIds": "x"}}');
    expect(loadPreferredSettings()).toBeNull();
    localStorage.setItem(PREFS_KEY, 'not json');
    expect(loadPreferredSettings()).toBeNull();
  });

  it('prefers the conversation’s settings, then the preference, and drops what no longer exists', () => {
    const known = { collectionIds: ['c1', 'c2'], providerIds: ['p1'], documentIds: ['d1'] };
    expect(initialSettings({ collectionIds: ['c2', 'gone'], documentIds: ['d1', 'gone'], providerId: 'p1', model: 'm' }, null, known)).toEqual({
      collectionIds: ['c2'], documentIds: ['d1'], providerId: 'p1', model: 'm',
    });
    expect(initialSettings({ collectionIds: [], documentIds: [], providerId: '', model: '' }, { collectionIds: ['c1'], documentIds: [], providerId: 'gone', model: 'x' }, known)).toEqual({
      collectionIds: ['c1'], documentIds: [], providerId: '', model: '',
    });
    expect(initialSettings({ collectionIds: [], documentIds: ['d1'], providerId: '', model: '' }, { collectionIds: ['c1'], documentIds: [], providerId: '', model: '' }, known)).toEqual({
      collectionIds: [], documentIds: ['d1'], providerId: '', model: '',
    });
    expect(initialSettings(null, null, known)).toEqual({ collectionIds: [], documentIds: [], providerId: '', model: '' });
  });
});
