// What the chat's resilience tests and the re-attach benchmark do on a page, shared by them:
// a library and the fake model to ask, a recorder of what the answer shows from the start of
// every document, asking, and timing a reload mid-answer.
const squash = (s) => s.replace(/\s+/g, ' ').trim();
export const words = (s) => squash(s).split(' ').filter(Boolean);

/** Calls the API of server from the test itself, as the page would. */
export async function api(server, method, path, body) {
  const res = await fetch(server.origin + path, {
    method,
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

/** Resolves with fn's first truthy value, asking every everyMs. */
export async function waitFor(what, fn, timeoutMs = 60000, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Loads the sample library into server, adds the fake model server llm as an Ollama provider
 * and waits until the library is indexed; resolves with the provider's id.
 */
export async function prepareChat(server, llm) {
  const sample = await api(server, 'POST', '/api/library/sample');
  if (sample.status >= 300) throw new Error(`load sample: ${sample.status} ${JSON.stringify(sample.body)}`);
  const provider = await api(server, 'POST', '/api/providers', { name: 'Fake Ollama', kind: 'ollama', baseUrl: llm.url, defaultModel: 'fake-cite' });
  if (provider.status >= 300) throw new Error(`add provider: ${provider.status} ${JSON.stringify(provider.body)}`);
  await waitFor(
    'the sample library to finish indexing',
    async () => {
      const cols = (await api(server, 'GET', '/api/collections')).body;
      if (!cols?.length) return false;
      const docs = (await api(server, 'GET', `/api/collections/${cols[0].id}/documents`)).body;
      return docs.length >= 10 && docs.every((d) => d.status === 'ready' || d.status === 'failed');
    },
    120000,
    500,
  );
  return provider.body.id;
}

/** Picks the fake model for the chat, as the picker stores the choice. */
export function preferFakeModel(page, providerId) {
  return page.evaluate(
    ({ providerId }) => localStorage.setItem('lexflow.chat.prefs', JSON.stringify({ settings: { collectionIds: [], providerId, model: 'fake-cite' } })),
    { providerId },
  );
}

/**
 * Records, from the very start of every document the page loads, when the first answer
 * shows and when its first text does (ms since that navigation started), and every text it
 * shows while streaming, so a test can check the text only ever grows. With timing, it
 * also notes each fetch and long task, for logReloadTiming.
 */
export function recordAnswers(page, { timing = false } = {}) {
  return page.addInitScript((timing) => {
    const w = window;
    w.__answer = { firstTextAt: null, firstMessageAt: null, snapshots: [], longTasks: [], fetches: [] };
    const origFetch = w.fetch.bind(w);
    if (timing)
      w.fetch = (input, init) => {
        const url = String(input?.url ?? input);
        const rec = { url: url.replace(/^https?:\/\/[^/]+/, ''), at: Math.round(performance.now()), headersAt: null };
        w.__answer.fetches.push(rec);
        const p = origFetch(input, init);
        p.then(() => (rec.headersAt = Math.round(performance.now())), () => {});
        return p;
      };
    try {
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__answer.longTasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`))).observe({ type: 'longtask', buffered: true });
    } catch {
      // not supported
    }
    const check = () => {
      const msg = document.querySelector('[data-testid="ai-message"]');
      if (!msg) return;
      if (w.__answer.firstMessageAt === null) w.__answer.firstMessageAt = performance.now();
      const body = msg.querySelector('[data-testid="answer-body"]');
      const text = (body?.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) return;
      if (w.__answer.firstTextAt === null) w.__answer.firstTextAt = performance.now();
      const status = msg.getAttribute('data-status');
      const last = w.__answer.snapshots[w.__answer.snapshots.length - 1];
      if (!last || last.text !== text || last.status !== status) w.__answer.snapshots.push({ text, status, at: performance.now() });
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, timing);
}

/** Types a question into the composer and sends it. */
export async function ask(page, question) {
  const input = page.getByTestId('composer-input');
  await input.fill(question);
  await input.press('Enter');
}

export const conversationIdOf = (page) => {
  const m = page.url().match(/#\/chat\/([^/?]+)$/);
  return m ? decodeURIComponent(m[1]) : '';
};

/** In the page: whether the first answer is streaming and shows at least n words. */
function streamsWords(n) {
  const msg = document.querySelector('[data-testid="ai-message"]');
  const t = msg?.querySelector('[data-testid="answer-body"]')?.textContent?.trim() ?? '';
  return msg?.getAttribute('data-status') === 'streaming' && t.split(/\s+/).filter(Boolean).length >= n;
}

/** Waits until the first answer is streaming and shows at least n words. */
export const waitForStreamedWords = (page, n) => page.waitForFunction(streamsWords, n, { timeout: 60000, polling: 50 });

/** Whether the first answer is streaming and shows at least n words now. */
export const streamsNow = (page, n) => page.evaluate(streamsWords, n);

/**
 * Reloads a page that records answers and resolves, once the answer's text shows again,
 * with when (ms after the reload started) the answer showed, its text did, and the DOM
 * content was loaded, and with the first text shown and its status.
 */
export async function timeReload(page) {
  await page.reload();
  const seen = await page.evaluate(async () => {
    const w = window;
    for (let i = 0; i < 400 && w.__answer.firstTextAt === null; i++) await new Promise((r) => setTimeout(r, 25));
    const e = performance.getEntriesByType('navigation')[0];
    return { ...w.__answer, snapshots: w.__answer.snapshots.slice(0, 1), domContentLoaded: e?.domContentLoadedEventEnd ?? 0 };
  });
  if (seen.firstTextAt === null) throw new Error('no answer text within 10 s of the reload');
  return {
    textAt: seen.firstTextAt,
    messageAt: seen.firstMessageAt,
    domContentLoaded: seen.domContentLoaded,
    text: seen.snapshots[0]?.text ?? '',
    status: seen.snapshots[0]?.status,
  };
}

/** Prints where the last reload's time went: requests, long tasks, fetch calls (with recordAnswers' timing). */
export async function logReloadTiming(page) {
  const res = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`),
  );
  console.log(res.join('\n'));
  console.log(`long tasks: ${await page.evaluate(() => window.__answer.longTasks.join(' '))}`);
  console.log(`fetch calls: ${await page.evaluate(() => window.__answer.fetches.map((f) => `${f.at}→${f.headersAt} ${f.url}`).join('\n'))}`);
}
