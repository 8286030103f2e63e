// Chinese end to end, as a user meets it on the sample library: a search for 个体工商户的债务
// finds the Civil Code excerpt's article with its Chinese heading path and the matched text
// marked; the hit opens in the source viewer with the span highlighted and the heading path
// in the locator bar; the built-in extractive answerer (no model configured) answers the
// question by quoting the article, and its citation names the article and opens the span.
// Every step checks the text for mojibake and that Chinese renders with real glyphs, not
// tofu boxes (which is what a machine without a CJK font shows).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLexflow, launchBrowser, screenshot, pageAPI, waitForSampleLibrary } from './harness.mjs';

let app, browser;

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const QUERY = '个体工商户的债务';
const QUESTION = '个体工商户的债务由谁承担？';
const DOC = 'cn-civil-code-excerpt-zh.txt';
const TITLE = '中华人民共和国民法典'; // the title its first line gives it
// The heading path of the articles the query is about, as the document writes it (with its
// ideographic spaces read as plain ones).
const SECTION_PATH = ['第一编 总则', '第二章 自然人', '第四节 个体工商户和农村承包经营户'];
const ARTICLES = {
  第五十四条: '自然人从事工商业经营，经依法登记，为个体工商户。',
  第五十六条: '个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。',
};
const ARTICLE = /第五十[四六]条/;

const squash = (s) => s.replace(/\s+/g, ' ').trim();
const api = (page, method, path, body) => pageAPI(page, app.token, method, path, body);

/** Fails on text that went through the wrong encoding: U+FFFD, Latin-1 read UTF-8 (æ³•, Ã, â€), or C1 controls. */
function assertNoMojibake(text, where) {
  assert.doesNotMatch(text, /\uFFFD/, `${where}: no replacement characters`);
  assert.doesNotMatch(text, /[\u0080-\u009F]/, `${where}: no C1 control characters`);
  assert.doesNotMatch(text, /[ÃÂâäåæçèéï][\u0080-\u00BF\u0152-\u0192\u02C6-\u2122]/, `${where}: no UTF-8 read as Latin-1`);
}

/**
 * In the page: draws each of chars in the font the element uses and resolves with whether they
 * drew differently. Without a CJK font every ideograph is the same .notdef box (tofu).
 */
async function glyphsDiffer(locator, chars) {
  return locator.evaluate((el, chars) => {
    const style = getComputedStyle(el);
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const draw = (c) => {
      ctx.clearRect(0, 0, 64, 64);
      ctx.font = `40px ${style.fontFamily}`;
      ctx.fillStyle = '#000';
      ctx.textBaseline = 'top';
      ctx.fillText(c, 8, 8);
      return Array.from(ctx.getImageData(0, 0, 64, 64).data).join(',');
    };
    const images = chars.map(draw);
    const blank = (() => {
      ctx.clearRect(0, 0, 64, 64);
      return Array.from(ctx.getImageData(0, 0, 64, 64).data).join(',');
    })();
    return images.every((img) => img !== blank) && new Set(images).size === images.length;
  }, chars);
}

async function assertRealGlyphs(locator, where) {
  assert.ok(await glyphsDiffer(locator, ['债', '务', '条', '编']), `${where}: Chinese renders as distinct glyphs, not tofu boxes (is a CJK font installed?)`);
}

/** In the page: the element's text with every character outside a <mark> replaced by a space. */
const markedText = (locator) =>
  locator.evaluate((el) => {
    let out = '';
    const walk = (n, marked) => {
      if (n.nodeType === Node.TEXT_NODE) out += marked ? n.textContent : n.textContent.replace(/[^]/gu, ' ');
      else for (const c of n.childNodes) walk(c, marked || n.nodeName === 'MARK');
    };
    walk(el, false);
    return out;
  });

test('Chinese: search, open the article, and ask the extractive answerer', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Library' }).click();
  await page.getByRole('button', { name: 'Load sample library' }).click();
  await waitForSampleLibrary(page, app.token);
  const cols = (await api(page, 'GET', '/api/collections')).body;
  const docs = (await api(page, 'GET', `/api/collections/${cols[0].id}/documents`)).body;
  const doc = docs.find((d) => d.name === DOC);
  assert.ok(doc, `the sample library holds ${DOC}`);
  assert.equal(doc.status, 'ready');
  assert.equal(doc.language, 'zh');
  await page.locator(`[data-testid="document-row"][data-document-name="${DOC}"][data-status="ready"]`).waitFor({ timeout: 20000 });

  // 1. Search: the article, with its heading path in Chinese and the matched words marked.
  const box = page.getByTestId('search-box');
  await box.fill(QUERY);
  await box.press('Enter');
  await page.getByTestId('search-hit').first().waitFor();
  const hit = page.getByTestId('search-hit').filter({ hasText: DOC }).first();
  await hit.waitFor();
  assert.equal(await hit.getAttribute('data-rank'), '1', 'the Civil Code excerpt is the first hit');
  // The hit cites the article; its whole heading path is the locator's tooltip.
  const hitHeading = squash(await hit.locator('.search-hit-heading').textContent());
  assert.match(hitHeading, ARTICLE, `the hit's locator names the article: ${hitHeading}`);
  const hitPath = squash(await hit.locator('.search-hit-locator').getAttribute('title'));
  for (const h of SECTION_PATH) assert.ok(hitPath.includes(h), `the hit's heading path shows ${h}: ${hitPath}`);
  const snippet = hit.locator('.search-hit-snippet');
  const snippetText = await snippet.textContent();
  assert.ok(snippetText.includes(ARTICLES.第五十六条.slice(0, 20)), `the snippet shows article 56's text: ${snippetText}`);
  const marks = await snippet.locator('mark').allTextContents();
  assert.ok(marks.length > 0, 'the snippet marks the match');
  for (const m of marks) assert.match(m, /^[\p{Script=Han}]+$/u, `a mark holds Chinese text: ${JSON.stringify(m)}`);
  assert.ok(
    (await markedText(snippet)).includes(QUERY),
    `the query's words are marked where article 56 writes them: ${JSON.stringify(marks)}`,
  );
  assertNoMojibake(await hit.textContent(), 'search hit');
  await screenshot(page, 'chinese-search');
  await assertRealGlyphs(snippet, 'search hit');

  // 2. The source viewer: the hit's passage highlighted, its heading path in the locator bar.
  const chunkId = await hit.getAttribute('data-chunk-id');
  const searched = (await api(page, 'POST', '/api/search', { query: QUERY, collectionIds: [], documentIds: [], topK: 10 })).body;
  const chunk = searched.hits.find((h) => h.chunk.id === chunkId).chunk;
  await hit.locator('.search-hit-link').click();
  const highlight = page.getByTestId('source-highlight');
  await highlight.waitFor();
  assert.ok(await highlight.isVisible(), 'the highlighted span is visible');
  const box1 = await highlight.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box1 && box1.y < viewport.height && box1.y + box1.height > 0, `the highlighted span is scrolled into view: ${JSON.stringify(box1)}`);
  const highlighted = await highlight.textContent();
  assert.equal(squash(highlighted), squash(chunk.text), 'the highlight is the hit passage');
  assert.ok(squash(highlighted).includes(ARTICLES.第五十六条), 'the highlight holds article 56');
  const locatorBar = page.getByTestId('source-locator');
  const locatorText = squash(await locatorBar.textContent());
  for (const h of SECTION_PATH) assert.ok(locatorText.includes(h), `the locator bar shows ${h}: ${locatorText}`);
  assert.match(locatorText, ARTICLE, `the locator bar names the article: ${locatorText}`);
  assertNoMojibake(locatorText + highlighted, 'source viewer');
  await screenshot(page, 'chinese-source');
  await assertRealGlyphs(highlight, 'source highlight');
  await assertRealGlyphs(locatorBar, 'source locator');

  // 3. Chat with the built-in extractive answerer (no model is configured).
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByTestId('chat-welcome').waitFor();
  const input = page.getByTestId('composer-input');
  await input.fill(QUESTION);
  await input.press('Enter');
  await page.waitForURL(/#\/chat\/[^/?]+$/);
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await done.waitFor({ timeout: 60000 });
  await screenshot(page, 'chinese-chat-answer');
  // The article answers the question word for word: a refusal ("Your library does not answer
  // this") here means the answerer did not match the question to the article.
  const refusal = done.getByTestId('refusal');
  if (await refusal.count()) assert.fail(`the extractive answerer refused a question article 56 answers: ${squash(await refusal.textContent())}`);
  assert.equal(await done.getAttribute('data-generation-status'), 'success');
  const answerText = squash(await done.getByTestId('answer-body').textContent());
  assertNoMojibake(answerText, 'answer');
  const conversationId = decodeURIComponent(page.url().split('/chat/')[1]);
  const messages = (await api(page, 'GET', `/api/conversations/${conversationId}/messages`)).body;
  const ai = messages.find((m) => m.role === 'ai');
  const cited = (ai.citations ?? []).filter((c) => c.locator.docName === DOC && c.quotes?.some((q) => q.verified));
  assert.ok(cited.length > 0, `a citation quotes the Civil Code excerpt verbatim: ${JSON.stringify((ai.citations ?? []).map((c) => [c.locator.docName, c.quotes]))}`);
  // Which article each verified quote lies in, read from the document: the last article heading
  // at or before the quote's start.
  const source = (await api(page, 'GET', `/api/documents/${cited[0].locator.docId}/source`)).body;
  const sourceText = Array.from(source.text);
  const headings = [...source.text.matchAll(/^第[一二三四五六七八九十百千零]+条/gmu)].map((m) => ({ at: Array.from(source.text.slice(0, m.index)).length, name: m[0] }));
  const articleOf = (q) => headings.findLast((h) => h.at <= q.start)?.name;
  const verified = cited.flatMap((c) => c.quotes.filter((q) => q.verified).map((q) => ({ ...q, marker: c.marker, article: articleOf(q) })));
  for (const q of verified) {
    assert.match(q.text, /[\p{Script=Han}]/u, 'the quote is Chinese');
    assert.equal(squash(sourceText.slice(q.start, q.end).join('')), squash(q.text), 'the quote is where the citation says');
    assert.ok(answerText.includes(squash(q.text)), `the answer shows the quote ${q.text}: ${answerText}`);
  }
  const body56 = ARTICLES.第五十六条;
  assert.ok(
    verified.some((q) => q.article === '第五十六条' && (squash(q.text).includes(body56) || (q.text.length >= 8 && body56.includes(squash(q.text))))),
    `the answer quotes article 56, which says who bears the debts: ${JSON.stringify(verified.map((q) => [q.article, q.text]))}`,
  );

  // The popover of each citation names the articles its quotes lie in.
  const popover = page.getByTestId('citation-popover');
  for (const c of cited) {
    const chip = done.locator(`[data-testid="citation-chip"][data-marker="${c.marker}"]`).first();
    await chip.hover();
    await popover.waitFor();
    const popoverText = squash(await popover.textContent());
    assert.ok(popoverText.includes(TITLE), `the popover names the document by its title: ${popoverText}`);
    for (const q of verified.filter((q) => q.marker === c.marker)) {
      assert.ok(popoverText.includes(q.article), `citation [${c.marker}] names ${q.article}, where it quotes ${q.text}: ${popoverText}`);
    }
    const marked = squash((await popover.getByTestId('citation-quote').allTextContents()).join(' '));
    assert.ok(marked.includes(squash(c.quotes.find((q) => q.verified).text)), `the popover marks the quote: ${marked}`);
    assertNoMojibake(popoverText, 'citation popover');
    await assertRealGlyphs(popover, 'citation popover');
    await page.mouse.move(0, 0);
    await popover.waitFor({ state: 'detached' });
  }
  await assertRealGlyphs(done.getByTestId('answer-body'), 'answer');

  // The citation of article 56 opens the source at its first quote, under that quote's article.
  const citation = cited.find((c) => verified.some((q) => q.marker === c.marker && q.article === '第五十六条'));
  const quote = verified.find((q) => q.marker === citation.marker);
  const chip = done.locator(`[data-testid="citation-chip"][data-marker="${citation.marker}"]`).first();
  await chip.hover();
  await popover.waitFor();
  await screenshot(page, 'chinese-chat');
  await chip.click();
  await highlight.waitFor();
  const expected = sourceText.slice(quote.start, quote.end).join('');
  assert.equal(await highlight.textContent(), expected, 'the highlight is the cited span');
  assert.ok(await highlight.isVisible(), 'the cited span is visible');
  const citedBox = await highlight.boundingBox();
  assert.ok(citedBox && citedBox.y < viewport.height && citedBox.y + citedBox.height > 0, `the cited span is scrolled into view: ${JSON.stringify(citedBox)}`);
  const citedLocator = squash(await locatorBar.textContent());
  for (const h of SECTION_PATH) assert.ok(citedLocator.includes(h), `the locator bar shows ${h}: ${citedLocator}`);
  assert.ok(citedLocator.includes(quote.article), `the locator bar names ${quote.article}: ${citedLocator}`);
  assertNoMojibake(citedLocator + expected, 'cited source');
  await screenshot(page, 'chinese-chat-source');

  assert.deepEqual(browser.errors, []);
  await page.close();
});
