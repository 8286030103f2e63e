// Chat scoped to documents, end to end: the sample library and the fake model; a question
// scoped by an @-mention (typed, picked with the keyboard) cites only that document, not its
// twin in another format, and says so under the question and in the audit; documents chosen
// in the composer's picker stay for the conversation, so the next question searches them
// too. Screenshots of a scoped chat in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLLM, startLexflow, launchBrowser, screenshot, screenshotBothThemes } from './harness.mjs';
import { api, prepareChat, preferFakeModel, waitFor } from './chatPage.mjs';

let llm, app, browser;
let providerId = '';

before(async () => {
  [llm, app, browser] = await Promise.all([startFakeLLM(), startLexflow(), launchBrowser()]);
  providerId = await prepareChat(app, llm);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

/** The sample library's document stored as file `name`. */
async function documentNamed(name) {
  const cols = (await api(app, 'GET', '/api/collections')).body;
  const docs = (await api(app, 'GET', `/api/collections/${cols[0].id}/documents`)).body;
  const doc = docs.find((d) => d.name === name);
  assert.ok(doc, `the sample library has ${name}`);
  return doc;
}

/** Moves through the open list with ArrowDown until the option for file `name` is the active one. */
async function arrowTo(page, list, name) {
  for (let i = 0; i < 12; i++) {
    const active = list.locator('[role="option"][data-active]');
    if ((await active.count()) > 0 && (await active.textContent()).includes(name)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option for ${name}`);
}

/**
 * Waits for the answer to question to finish; returns the question and answer as the API gives them.
 * The question is matched so that the previous turn's finished answer is never taken for this one's.
 */
async function lastTurn(page, question) {
  const id = await waitFor('the conversation', () => page.evaluate(() => /#\/chat\/([^/?]+)/.exec(location.hash)?.[1]));
  return waitFor('the answer to finish', async () => {
    const ms = (await api(app, 'GET', `/api/conversations/${id}/messages`)).body;
    const ai = ms.at(-1);
    const human = ms.at(-2);
    return human?.content.startsWith(question) && ai?.role === 'ai' && ai.status !== 'streaming' ? { human, ai } : null;
  });
}

function assertOnlyFrom(ai, doc) {
  assert.equal(ai.status, 'done', `the answer: ${ai.error}`);
  assert.ok(ai.citations.length > 0, 'the answer cites');
  for (const c of ai.citations) assert.equal(c.locator.docId, doc.id, `a citation of ${c.locator.docName}; the question was scoped to ${doc.name}`);
}

test('scope a question by @-mention and the conversation by the picker', async () => {
  const cra = await documentNamed('uk-consumer-rights-act-2015-excerpt.docx');
  const services = await documentNamed('sample-services-agreement.md');
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await preferFakeModel(page, providerId);
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByTestId('chat-welcome').waitFor();

  // @ opens the titles; typing narrows them; the arrows and Enter pick the DOCX, not its PDF twin.
  const input = page.getByTestId('composer-input');
  await input.click();
  await page.keyboard.type('Must a trader perform a service with reasonable care and skill? Under @consumer');
  const menu = page.getByTestId('mention-menu');
  await menu.waitFor();
  assert.ok((await menu.getByRole('option').count()) >= 2, 'the title matches the DOCX and the PDF');
  await arrowTo(page, menu, cra.name);
  await screenshot(page, 'chat-scope-mention');
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
  assert.equal(await input.inputValue(), `Must a trader perform a service with reasonable care and skill? Under @${cra.title} `);
  assert.equal(await page.getByTestId('mention-chips').textContent(), cra.title);
  await page.keyboard.press('Enter');

  let { human, ai } = await lastTurn(page, 'Must a trader perform a service');
  assertOnlyFrom(ai, cra);
  assert.deepEqual(human.scope.documents, [{ id: cra.id, name: cra.title }]);
  const scopeLine = page.getByTestId('message-scope').first();
  assert.equal(await scopeLine.textContent(), `In: ${cra.title}`);
  assert.equal(await page.getByTestId('document-picker').textContent(), 'All documents', 'a mention is for its question only');

  // The audit names the document the search was restricted to.
  await page.locator('[data-testid="ai-message"][data-status="done"]').first().getByRole('button', { name: 'Audit' }).click();
  const audit = page.getByTestId('audit-panel');
  await audit.getByRole('tab', { name: /Evidence/ }).click();
  assert.equal(await audit.getByTestId('audit-scope').textContent(), `Searched only the document ${cra.title}.`);
  await page.keyboard.press('Escape');
  await audit.waitFor({ state: 'detached' });

  // The picker: search by title, arrows and Enter, Escape; the chosen document stays as a chip.
  await page.getByTestId('document-picker').click();
  const chooser = page.getByTestId('document-chooser');
  await page.keyboard.type('services');
  await arrowTo(page, chooser, services.name);
  await page.keyboard.press('Enter');
  assert.equal(await chooser.locator('[role="option"][aria-selected="true"]').count(), 1);
  await page.keyboard.press('Escape');
  await chooser.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('scope-chips').textContent(), services.title);

  await input.fill('How much notice ends the agreement?');
  await input.press('Enter');
  ({ human, ai } = await lastTurn(page, 'How much notice ends the agreement?'));
  assertOnlyFrom(ai, services);
  assert.equal(await page.getByTestId('message-scope').nth(1).textContent(), `In: ${services.title}`);

  // Sticky: the next question searches the chosen document too, without choosing again.
  await input.fill('Who pays the fees?');
  await input.press('Enter');
  ({ human } = await lastTurn(page, 'Who pays the fees?'));
  assert.deepEqual(human.scope?.documents.map((d) => d.id), [services.id]);
  await page.getByTestId('message-scope').nth(2).waitFor();
  await page.getByTestId('scope-chips').waitFor();

  // A mention joins the chosen documents for one question: open the menu for the picture.
  await input.click();
  await page.keyboard.type('Compare with @serv');
  await menu.waitFor();
  await page.getByTestId('message-scope').nth(1).scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'chat-scope');
  await page.keyboard.press('Escape');
  await page.close();
});
