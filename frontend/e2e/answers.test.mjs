// Answers a lawyer can trust, replayed as a new user met their problems: the sample library and
// five real contracts (fixtures/cuad, CUAD), no model installed, so the built-in extractive
// answerer writes every answer through the Legal Q&A app.
//   - a question the library cannot answer ("the statute of limitations for fraud in Texas") is
//     refused as not answered by the library, naming the words nothing holds;
//   - "the notice period … in the distributor agreement" is answered from that agreement only;
//   - "Which contracts are governed by New York law?" checks every document and lists both New
//     York contracts under their titles, saying how many were checked;
//   - a follow-up ("and what about the other agreements?") is searched with the question it
//     follows, and the answer's steps say so;
//   - the same statute loaded as PDF and HTML answers once, not twice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLexflow, launchBrowser, screenshotBothThemes, pageAPI, waitForSampleLibrary } from './harness.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'cuad');
const DISTRIBUTOR = 'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt';
const NEW_YORK = ['SCOUTCAMINC_05_12_2020-EX-10.22-SERVICES AGREEMENT.txt', 'MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement.txt'];

let app, browser, page;
const docs = {}; // file name → document

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
  page = await browser.context.newPage();
  await page.goto(app.url);
  assert.ok((await api('POST', '/api/library/sample')).status < 300, 'the sample library loads');
  await waitForSampleLibrary(page, app.token);
  const contracts = (await api('POST', '/api/collections', { name: 'Contracts', description: 'CUAD' })).body;
  for (const name of readdirSync(fixtures).filter((f) => f.endsWith('.txt'))) await upload(contracts.id, name);
  await waitReady(contracts.id);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const api = (method, p, body) => pageAPI(page, app.token, method, p, body);
const squash = (s) => s.replace(/\s+/g, ' ').trim();

async function upload(collectionId, name) {
  const text = readFileSync(path.join(fixtures, name), 'utf8');
  const result = await page.evaluate(
    async ({ token, collectionId, name, text }) => {
      const form = new FormData();
      form.append('files', new File([text], name, { type: 'text/plain' }));
      const res = await fetch(`/api/collections/${collectionId}/documents`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return res.json();
    },
    { token: app.token, collectionId, name, text },
  );
  const added = Array.isArray(result) ? result[0] : result;
  assert.ok(added?.document, `upload ${name}: ${JSON.stringify(result)}`);
}

async function waitReady(collectionId) {
  const deadline = Date.now() + 60000;
  for (;;) {
    const list = (await api('GET', `/api/collections/${collectionId}/documents`)).body;
    if (list.length === 5 && list.every((d) => d.status === 'ready')) {
      for (const d of list) docs[d.name] = d;
      return;
    }
    if (Date.now() > deadline) throw new Error(`the contracts did not finish indexing: ${JSON.stringify(list.map((d) => [d.name, d.status]))}`);
    await page.waitForTimeout(300);
  }
}

/** Starts a new chat, asks question, waits for the stored answer and returns it with its element. */
async function askNew(question) {
  await page.goto(`${app.origin}/#/chat`);
  await page.getByTestId('chat-welcome').waitFor();
  return askHere(question);
}

async function askHere(question) {
  const before = await page.locator('[data-testid="ai-message"][data-status="done"]').count();
  const input = page.getByTestId('composer-input');
  await input.fill(question);
  await input.press('Enter');
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').nth(before);
  await done.waitFor({ timeout: 60000 });
  const conversationId = decodeURIComponent(page.url().split('/chat/')[1]);
  const messages = (await api('GET', `/api/conversations/${conversationId}/messages`)).body;
  const ai = messages.filter((m) => m.role === 'ai').at(-1);
  return { el: done, ai };
}

test('a question the library cannot answer is refused, naming what nothing holds', async () => {
  const { el, ai } = await askNew('What is the statute of limitations for fraud in Texas?');
  assert.equal(ai.generation?.status, 'no_evidence', `a refusal, not: ${ai.content} ${JSON.stringify(ai.citations.map((c) => c.locator.docName))}`);
  await el.getByTestId('refusal').waitFor();
  assert.match(squash(await el.textContent()), /Not answered by your library/);
  assert.match(ai.content, /"Texas"/, `the refusal names the missing word: ${ai.content}`);
  assert.equal(ai.citations.length, 0);
  await screenshotBothThemes(page, 'answer-refusal');
});

test('a question naming a contract by its title is answered from that contract only', async () => {
  const { el, ai } = await askNew('What is the notice period for termination in the distributor agreement?');
  assert.ok(ai.citations.length > 0, `an answer with citations: ${ai.content}`);
  const distributor = docs[DISTRIBUTOR];
  for (const c of ai.citations) assert.equal(c.locator.docId, distributor.id, `citation ${c.marker} is from ${c.locator.docName}, not the distributor agreement`);
  assert.match(squash(await el.textContent()), /Distributor Agreement/, 'the citation shows the contract by its title');
});

test('"Which contracts …?" checks every document and lists those that answer, with how many were checked', async () => {
  const { el, ai } = await askNew('Which contracts are governed by New York law?');
  const body = squash(await el.getByTestId('answer-body').textContent());
  assert.match(body, /Of the \d+ documents checked, 2 answer this:/, body);
  const cited = new Set(ai.citations.map((c) => c.locator.docId));
  for (const name of NEW_YORK) assert.ok(cited.has(docs[name].id), `${name} is listed: ${body}`);
  assert.ok(!cited.has(docs[DISTRIBUTOR].id), 'the distributor agreement (German law) is not listed');
  for (const name of NEW_YORK) assert.ok(body.includes(docs[name].title), `the answer names ${docs[name].title} by its title: ${body}`);
  await screenshotBothThemes(page, 'answer-across-documents');
});

test('a follow-up is searched with the question it follows, and its steps say so', async () => {
  await askNew('What is the notice period for termination in the distributor agreement?');
  const { el, ai } = await askHere('and what about the other agreements?');
  const text = squash(await el.textContent());
  assert.match(text, /Follow-up, earlier question carried over: searched for “What is the notice period for termination in the distributor agreement\? and what about the other agreements\?”/, text);
  assert.ok(ai.citations.length > 0, `the follow-up is answered: ${ai.content}`);
  for (const c of ai.citations) assert.doesNotMatch(c.excerpt.slice(0, 200), /^This (Agreement|Services Agreement)[^.]*is (made|entered)/, 'not a party preamble');
  await screenshotBothThemes(page, 'answer-follow-up');
});

test('the same statute in two formats answers once', async () => {
  const { ai } = await askNew('What are the stated objectives of the General Data Protection Regulation?');
  assert.ok(ai.citations.length > 0, ai.content);
  const quotes = ai.citations.flatMap((c) => c.quotes.map((q) => squash(q.text)));
  assert.equal(new Set(quotes).size, quotes.length, `no clause quoted twice: ${JSON.stringify(quotes)}`);
  const files = new Set(ai.citations.map((c) => c.locator.docName));
  assert.ok(!(files.has('eu-gdpr-excerpt.pdf') && files.has('eu-gdpr-excerpt.html')), `one copy of the GDPR cited, not both: ${[...files]}`);
});
