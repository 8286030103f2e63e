// Chat end to end: the sample library, the fake model server as an Ollama provider with
// its "fake-cite" model, a streamed and cited answer with its live timeline, a citation's
// popover and source span, a refusal, the audit panel with a replay, the Markdown export
// and a reload that shows the same messages once each; documents named by their titles in
// the library and in citations, and a rename shown in both. Screenshots in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startFakeLLM, startLexflow, launchBrowser, screenshot, pageAPI, setTheme, waitForSampleLibrary, screenshotBothThemes } from './harness.mjs';

let llm, app, browser;

before(async () => {
  [llm, app, browser] = await Promise.all([startFakeLLM(), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

const QUESTION = 'Must a trader perform a service with reasonable care and skill?';
const UNANSWERABLE = 'xylophone quantum chromodynamics';
const squash = (s) => s.replace(/\s+/g, ' ').trim();

const api = (page, method, path, body) => pageAPI(page, app.token, method, path, body);

/** Picks the option labelled `label` of a picker once it is offered. */
async function pick(page, picker, label) {
  await page.waitForFunction(
    ({ picker, label }) => [...document.querySelectorAll(`[data-testid="${picker}"] option`)].some((o) => o.textContent === label),
    { picker, label },
  );
  await page.getByTestId(picker).selectOption({ label });
}

/** Opens a new conversation in Chat with the given app (or the default one) and model. */
async function newChat(page, model, appLabel) {
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByTestId('chat-welcome').waitFor();
  // Keyboard: "New" puts the cursor in the question box.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer-input');
  if (appLabel) await pick(page, 'app-picker', appLabel);
  await pick(page, 'model-picker', model);
}



test('ask the library, follow a citation, see a refusal, audit, export, reload', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);

  // A fresh install: the chat teaches what to do first.
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByText('No library yet').waitFor();
  await screenshot(page, 'chat-no-library');
  await page.getByRole('button', { name: 'Load sample library' }).click();
  await waitForSampleLibrary(page, app.token);

  // The fake model server as an Ollama provider.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('ollama');
  await dialog.getByLabel('Name').fill('Fake Ollama');
  await dialog.getByLabel('Base URL').fill(llm.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  // A new conversation: the welcome with suggestions, then pick the model.
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByTestId('chat-welcome').waitFor();
  const picker = page.getByTestId('model-picker');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="model-picker"] option')].some((o) => o.textContent === 'fake-cite'));
  await picker.selectOption({ label: 'fake-cite' });
  await screenshot(page, 'chat-welcome');

  const input = page.getByTestId('composer-input');
  await input.fill(QUESTION);
  await input.press('Enter');

  // Streaming: the live timeline and the answer as it arrives.
  await page.waitForURL(/#\/chat\/[^/?]+$/);
  const answer = page.getByTestId('ai-message').first();
  await answer.getByTestId('timeline-node').first().waitFor();
  await answer.locator('[data-testid="timeline-node"][data-node-type="knowledge-retrieval"]').waitFor();
  await screenshot(page, 'chat-streaming');
  await page.locator('[data-testid="ai-message"][data-status="done"]').first().waitFor({ timeout: 30000 });
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  assert.equal(await done.getAttribute('data-generation-status'), 'success');
  // Keyboard: the completed answer takes focus (its citations are the next Tab stops) and is announced.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'ai-message');
  assert.match(await page.getByTestId('answer-announcer').textContent(), /^The answer is ready, citing \d+ passages?\.$/);
  let tabs = 0;
  while (tabs < 6 && (await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) !== 'citation-chip') {
    await page.keyboard.press('Tab');
    tabs++;
  }
  assert.ok(tabs >= 1 && tabs <= 3, `the first citation is ${tabs} Tabs from the completed answer`);
  await screenshotBothThemes(page, 'chat-answer-focused');
  await page.keyboard.press('Escape');
  const text = await done.getByTestId('answer-body').textContent();
  assert.match(text, /\S/, 'the answer has text');

  // The timeline after the run: every step with a real elapsed time.
  await done.getByTestId('timeline').getByRole('button').click();
  const nodes = done.getByTestId('timeline-node');
  assert.ok((await nodes.count()) >= 3, 'retrieval, generation and answer steps are shown');
  for (const el of await done.getByTestId('timeline-elapsed').allTextContents()) assert.match(el, /\d\s*(ms|s)|<1 ms/);
  assert.match(await done.getByTestId('timeline-summary').textContent(), /checks passed/);

  // Hover a chip: the excerpt and locator, with the verified quote marked.
  const conversationId = page.url().split('/chat/')[1];
  const messages = (await api(page, 'GET', `/api/conversations/${conversationId}/messages`)).body;
  const ai = messages.find((m) => m.role === 'ai');
  const citation = ai.citations.find((c) => c.marker === 1);
  const quote = citation.quotes.find((q) => q.verified);
  assert.ok(quote, 'fake-cite quotes its evidence verbatim');
  const chip = done.locator('[data-testid="citation-chip"][data-marker="1"]').first();
  await chip.hover();
  const popover = page.getByTestId('citation-popover');
  await popover.waitFor();
  assert.ok(citation.locator.docTitle, 'the citation carries its document\'s title');
  assert.equal(await popover.getByTestId('citation-doc').textContent(), citation.locator.docTitle, 'the popover names the document by its title');
  assert.equal(squash(await popover.getByTestId('citation-quote').textContent()), squash(quote.text));
  await screenshotBothThemes(page, 'chat-answer-popover');

  // Click it: the source viewer highlights exactly the quoted span.
  await chip.click();
  const highlight = page.getByTestId('source-highlight');
  await highlight.waitFor();
  const source = (await api(page, 'GET', `/api/documents/${citation.locator.docId}/source`)).body;
  const expected = Array.from(source.text).slice(quote.start, quote.end).join('');
  assert.equal(await highlight.textContent(), expected, 'the highlight is the cited span');
  assert.equal(squash(expected), squash(quote.text));
  await screenshot(page, 'chat-source');
  await page.getByRole('link', { name: 'Back to the conversation' }).click();
  await page.getByTestId('ai-message').first().waitFor();

  // A question the library does not cover: a plain refusal, no model call.
  await input.fill(UNANSWERABLE);
  await input.press('Enter');
  const refusal = page.getByTestId('refusal');
  await refusal.waitFor({ timeout: 30000 });
  assert.match(await refusal.textContent(), /does not answer this/);
  await screenshot(page, 'chat-refusal');

  // The audit panel of the cited answer, with a replay side by side.
  await done.getByRole('button', { name: 'Audit' }).click();
  const audit = page.getByTestId('audit-panel');
  await audit.waitFor();
  await audit.getByTestId('audit-timing').waitFor();
  await screenshot(page, 'chat-audit');
  // The Evidence tab reads as a list of passages with their locators; raw JSON only on request.
  await audit.getByRole('tab', { name: /Evidence/ }).click();
  const passages = audit.getByTestId('audit-passages');
  await passages.waitFor();
  assert.ok((await passages.locator('li').count()) >= 1, 'the retrieved passages are listed');
  assert.match(await passages.locator('li').first().textContent(), /score \d/);
  assert.equal(await audit.getByLabel('Raw retrieval parameters').isVisible(), false, 'raw parameters stay folded');
  assert.doesNotMatch(await audit.getByRole('tabpanel').innerText(), /[{"]\w+":/, 'no raw JSON on the tab');
  await screenshotBothThemes(page, 'chat-audit-evidence');
  await audit.getByRole('tab', { name: 'Prompt' }).click();
  await audit.getByText(/system/i).first().waitFor();
  await audit.getByRole('tab', { name: /Checks/ }).click();
  await audit.getByTestId('audit-checks').waitFor();
  await audit.getByRole('tab', { name: 'Replay' }).click();
  await audit.getByRole('combobox', { name: 'Replay model' }).selectOption({ label: 'fake-cite' });
  await audit.getByTestId('replay-button').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="replay-column"]').length === 2, null, { timeout: 30000 });
  await setTheme(page, 'dark');
  await screenshot(page, 'chat-audit-replay-dark');
  await setTheme(page, 'light');
  await page.getByRole('dialog', { name: 'Answer audit' }).getByRole('button', { name: 'Close' }).click();
  await audit.waitFor({ state: 'detached' });

  // Export: the backend's Markdown, downloaded, with footnotes.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  const md = readFileSync(await download.path(), 'utf8');
  assert.match(download.suggestedFilename(), /\.md$/);
  assert.ok(md.includes(QUESTION), 'the export has the question');
  assert.match(md, /\[\^[\w-]+\](?!:)/, 'the export has footnote markers');
  assert.match(md, /^\[\^[\w-]+\]: .+/m, 'the export has footnotes');
  assert.ok(md.includes(`${citation.locator.docTitle} (${citation.locator.docName})`), 'a footnote names the document by title, then file');
  assert.match(md, /^_Supported · model fake-cite · written \d{4}-\d\d-\d\d \d\d:\d\d UTC_$/m, 'an answer carries its support, model and time');
  assert.match(md, /^_Searched: .+ · asked \d{4}-/m, 'a question carries its scope');
  assert.doesNotMatch(md, /characters? \d/, 'footnotes cite pages and sections, not character offsets');

  // Regenerate: a new answer to the same question, appended.
  await done.getByRole('button', { name: 'Regenerate' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ai-message"]').length === 3);
  await page.locator('[data-testid="ai-message"]').nth(2).and(page.locator('[data-status="done"]')).waitFor({ timeout: 30000 });

  // Stop mid-answer: the answer ends stopped, keeping what had arrived.
  await input.fill(QUESTION);
  await input.press('Enter');
  const last = page.locator('[data-testid="ai-message"]').nth(3);
  await last.getByTestId('stop-button').click();
  await page.waitForFunction(() => {
    const el = document.querySelectorAll('[data-testid="ai-message"]')[3];
    return el && ['interrupted', 'failed'].includes(el.getAttribute('data-status'));
  }, null, { timeout: 30000 });
  await screenshot(page, 'chat-stopped');

  // Reload: the same messages, once each, from the backend.
  const before = await page.locator('[data-testid="human-message"], [data-testid="ai-message"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
  await page.reload();
  await page.locator('[data-testid="ai-message"]').nth(1).waitFor();
  const afterIds = await page.locator('[data-testid="human-message"], [data-testid="ai-message"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
  assert.deepEqual(afterIds, before);
  assert.equal(new Set(afterIds).size, afterIds.length, 'no message twice');
  assert.equal(afterIds.length, 7);
  const stored = Object.keys(await page.evaluate(() => ({ ...localStorage })));
  assert.ok(stored.every((k) => !/message|history/i.test(k)), `localStorage holds no history: ${stored}`);
  await screenshot(page, 'chat-conversation');
  await setTheme(page, 'dark');
  await screenshot(page, 'chat-conversation-dark');

  assert.deepEqual(browser.errors, []);
  await page.close();
});

/** Asks QUESTION in a new chat and returns the answer's first citation and its chip. */
async function askForCitation(page) {
  await newChat(page, 'fake-cite');
  const input = page.getByTestId('composer-input');
  await input.fill(QUESTION);
  await input.press('Enter');
  await page.waitForURL(/#\/chat\/[^/?]+$/);
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await done.waitFor({ timeout: 30000 });
  const messages = (await api(page, 'GET', `/api/conversations/${page.url().split('/chat/')[1]}/messages`)).body;
  const citation = messages.find((m) => m.role === 'ai').citations.find((c) => c.marker === 1);
  return { citation, chip: done.locator('[data-testid="citation-chip"][data-marker="1"]').first() };
}

test('documents are named by their titles, and a rename shows in the library and in the next citation', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const { citation } = await askForCitation(page);
  const { docName, docTitle } = citation.locator;
  assert.ok(docTitle && docTitle !== docName, `a title, not the file name: ${docTitle} / ${docName}`);

  // The library lists the title, the file name beneath it.
  await page.getByRole('link', { name: 'Library' }).click();
  await page.getByRole('link', { name: /Sample library/ }).first().click();
  const row = page.locator(`[data-testid="document-row"][data-document-name="${docName}"]`);
  await row.waitFor();
  assert.equal(await row.locator('.doc-name').textContent(), docTitle);
  assert.equal(await row.locator('.doc-file').textContent(), docName);
  assert.equal(await page.getByText('中华人民共和国民法典', { exact: true }).count(), 1, 'the Chinese excerpt is titled by its law name');
  await screenshot(page, 'library-titles');

  // Rename it from its row with the keyboard: the row shows the new title at once.
  const renamed = 'Consumer Rights Act — services (renamed)';
  await row.getByRole('button', { name: `Rename ${docTitle}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Rename document' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(renamed);
  await screenshot(page, 'library-rename');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction(
    ({ name, title }) => document.querySelector(`[data-testid="document-row"][data-document-name="${name}"] .doc-name`)?.textContent === title,
    { name: docName, title: renamed },
  );

  // The next answer cites it under the new title, without re-indexing.
  const next = await askForCitation(page);
  assert.equal(next.citation.locator.docName, docName);
  assert.equal(next.citation.locator.docTitle, renamed);
  await next.chip.hover();
  const popover = page.getByTestId('citation-popover');
  await popover.waitFor();
  assert.equal(await popover.getByTestId('citation-doc').textContent(), renamed);
  await screenshot(page, 'chat-citation-title');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('a careless model: the uncited and the misquoted sentences are flagged, never shown as cited', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await newChat(page, 'fake-sloppy');
  const input = page.getByTestId('composer-input');
  await input.fill(QUESTION);
  await input.press('Enter');
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await done.waitFor({ timeout: 30000 });
  assert.equal(await done.getAttribute('data-generation-status'), 'partial');
  const flags = done.getByTestId('claim-flag');
  await flags.first().waitFor();
  const verdicts = await flags.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
  assert.ok(verdicts.includes('uncited'), `an uncited sentence is flagged: ${verdicts}`);
  assert.ok(verdicts.includes('quote_failed'), `a misquoted sentence is flagged: ${verdicts}`);
  const flaggedText = squash((await flags.allTextContents()).join(' '));
  assert.match(flaggedText, /Courts always decide/);
  assert.match(flaggedText, /repealed last year/);
  assert.doesNotMatch(flaggedText, /reasonable|service/i, 'the sentence with a true quote is not flagged');
  await screenshot(page, 'chat-flagged');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('clarify then answer: a vague question gets a question back, and the reply is answered with the original question', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await newChat(page, 'fake-cite', 'Clarify then answer');
  const input = page.getByTestId('composer-input');
  await input.fill('How long does a trader have to perform the service?');
  await input.press('Enter');
  const asked = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await asked.waitFor({ timeout: 30000 });
  await asked.getByText('Question for you').waitFor();
  assert.match(await asked.getByTestId('answer-body').textContent(), /Which source is your question about/);

  await input.fill('the Consumer Rights Act');
  await input.press('Enter');
  const answered = page.locator('[data-testid="ai-message"][data-status="done"]').nth(1);
  await answered.waitFor({ timeout: 30000 });
  assert.equal(await answered.getAttribute('data-generation-status'), 'success');
  const conversationId = page.url().split('/chat/')[1];
  const messages = (await api(page, 'GET', `/api/conversations/${conversationId}/messages`)).body;
  assert.deepEqual(messages.map((m) => [m.role, m.isAskUser]), [['human', false], ['ai', true], ['human', false], ['ai', false]]);
  const run = (await api(page, 'GET', `/api/runs/${messages[3].runId}`)).body;
  const question = run.nodes.find((n) => n.nodeId === 'question');
  assert.match(JSON.stringify(question.outputs), /How long does a trader have to perform the service\? \(the Consumer Rights Act\)/);
  await screenshot(page, 'chat-clarify');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('a reply after the clarifying question has expired is a new question, not an answer to the old one', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  // The sample app, waiting 3.6 seconds for the reply instead of 24 hours.
  const sample = readFileSync(new URL('../../examples/apps/clarify-then-answer.yml', import.meta.url), 'utf8');
  const dsl = sample.replace(/ttl_hours: 24\b/, 'ttl_hours: 0.001');
  assert.notEqual(dsl, sample);
  const imported = await api(page, 'POST', '/api/apps/import', { dsl, name: 'Clarify (short wait)' });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));

  await newChat(page, 'fake-cite', 'Clarify (short wait)');
  const input = page.getByTestId('composer-input');
  await input.fill('How long does a trader have to perform the service?');
  await input.press('Enter');
  const asked = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await asked.waitFor({ timeout: 30000 });
  await asked.getByText('Question for you').waitFor();
  const askedAt = Date.now();

  await page.waitForTimeout(Math.max(0, 4000 - (Date.now() - askedAt)));
  await input.fill('the Consumer Rights Act');
  await input.press('Enter');
  const second = page.locator('[data-testid="ai-message"][data-status="done"]').nth(1);
  await second.waitFor({ timeout: 30000 });
  const conversationId = page.url().split('/chat/')[1];
  const messages = (await api(page, 'GET', `/api/conversations/${conversationId}/messages`)).body;
  assert.equal(messages.length, 4);
  const run = (await api(page, 'GET', `/api/runs/${messages[3].runId}`)).body;
  assert.equal(run.nodes.find((n) => n.nodeId === 'combined')?.status, 'skipped', 'the flow did not resume the expired question');
  const question = JSON.stringify(run.nodes.find((n) => n.nodeId === 'question')?.outputs ?? {});
  assert.match(question, /"the Consumer Rights Act"/);
  assert.doesNotMatch(question, /How long does a trader/, 'the expired question was not carried over');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

/** An answer's work steps in order: "reasoning", or "<tool>:<state>" for a tool call. */
const workOrder = (message) =>
  message
    .locator('[data-testid="work-steps"] > li > *')
    .evaluateAll((els) => els.map((e) => (e.dataset.testid === 'tool-call' ? `${e.dataset.tool}:${e.dataset.state}` : e.dataset.testid)));

test('research assistant: reasoning, two tool calls with their results, then the cited answer, in order; the same after a reload', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await newChat(page, 'fake-agent', 'Research assistant');
  const input = page.getByTestId('composer-input');
  await input.fill('How long does a trader have to perform the service?');
  await input.press('Enter');

  // Live: the first call shows while the agent works.
  const live = page.locator('[data-testid="ai-message"]').first();
  await live.locator('[data-testid="tool-call"][data-tool="search_collection"]').waitFor({ timeout: 30000 });
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await done.waitFor({ timeout: 30000 });

  // The work, in stream order: reasoning, search, reasoning, fetch, reasoning; then the answer.
  // The first passage's locator names no article (UK sections are bare numbers), so the
  // agent reads the passages around it.
  const expected = ['reasoning', 'search_collection:done', 'reasoning', 'neighbour_chunks:done', 'reasoning'];
  assert.deepEqual(await workOrder(done), expected);
  const search = done.locator('[data-testid="tool-call"][data-tool="search_collection"]');
  assert.match(await search.textContent(), /Searched the library.*How long does a trader have to perform the service\?.*passage/);
  await search.getByRole('button').first().click();
  assert.match(await search.getByTestId('tool-result').textContent(), /^\[1\] id=/);
  const read = done.locator('[data-testid="tool-call"][data-tool="neighbour_chunks"]');
  await read.getByRole('button').first().click();
  assert.match(await read.textContent(), /Read the neighbouring passages.*passages/);
  const answerText = await done.getByTestId('answer-body').textContent();
  assert.match(answerText, /The provision says: .+/);
  assert.equal(await done.getAttribute('data-generation-status'), 'success');
  await done.locator('.cite-chip').first().waitFor();
  // Folded again, the steps read as a list above the answer.
  await search.getByRole('button').first().click();
  await read.getByRole('button').first().click();
  await done.getByTestId('answer-body').scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'chat-agent');

  // After a reload: the same steps in the same order, from the stored generation detail.
  await page.reload();
  const again = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await again.waitFor();
  assert.deepEqual(await workOrder(again), expected);
  assert.equal(await again.getAttribute('data-generation-status'), 'success');
  assert.equal(await again.getByTestId('answer-body').textContent(), answerText);

  // The record: one merged generation detail keyed by the message, in the same order.
  const convo = page.url().split('/chat/')[1];
  const messages = (await api(page, 'GET', `/api/conversations/${convo}/messages`)).body;
  const ai = messages.find((m) => m.role === 'ai');
  assert.deepEqual(ai.generationDetail.sequence.map((s) => s.type), ['reasoning', 'tool_call', 'reasoning', 'tool_call', 'reasoning', 'content']);
  assert.deepEqual(ai.generationDetail.toolCalls.map((c) => c.name), ['search_collection', 'neighbour_chunks']);
  assert.ok(ai.citations.length > 0 && ai.citations[0].quotes.some((q) => q.verified), JSON.stringify(ai.citations));
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('statute lookup: the article number is extracted from the conversation by a sub-step shown under its step', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await newChat(page, 'fake-chat', 'Statute lookup');
  const input = page.getByTestId('composer-input');
  await input.fill('What does Article 12 of the Consumer Rights Act say?');
  await input.press('Enter');
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await done.waitFor({ timeout: 30000 });

  const timeline = done.getByTestId('timeline');
  if ((await done.getByTestId('timeline-node').count()) === 0) await timeline.getByRole('button').first().click();
  const fetch = done.locator('[data-testid="timeline-node"][data-node-id="fetch"]');
  await fetch.waitFor();
  const toggle = fetch.getByRole('button', { name: /1 extraction/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const sub = fetch.locator('[data-testid="timeline-node"][data-node-id="fetch_ext_1"]');
  await sub.waitFor();
  assert.equal(await sub.getAttribute('data-node-type'), 'llm');
  assert.equal(await sub.getAttribute('data-status'), 'succeeded');
  const detail = sub.getByTestId('timeline-extraction');
  assert.match(await detail.textContent(), /llm1\.context/);
  assert.match(await detail.textContent(), /Which article or section does the user ask about/);

  // The record agrees: a virtual execution under the tool, its tokens in the run's total.
  const messages = (await api(page, 'GET', `/api/conversations/${page.url().split('/chat/')[1]}/messages`)).body;
  const run = (await api(page, 'GET', `/api/runs/${messages[1].runId}`)).body;
  const ext = run.nodes.find((n) => n.nodeId === 'fetch_ext_1');
  assert.ok(ext?.isVirtual && ext.parentNodeId === 'fetch', JSON.stringify(ext));
  assert.deepEqual(Object.keys(ext.inputs).sort(), ['context_source', 'extraction_prompt']);
  await sub.scrollIntoViewIfNeeded();
  await screenshot(page, 'chat-extraction');
  assert.deepEqual(browser.errors, []);
  await page.close();
});
