// Run history end to end: a question asked in Chat against the fake model is recorded as
// a run; the Runs list shows it by its question, its trace opens as a waterfall, and the
// cited-answer step shows its generation detail. Screenshots in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLLM, startLexflow, launchBrowser, screenshot, pageAPI, waitForSampleLibrary, screenshotBothThemes } from './harness.mjs';

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

const api = (page, method, path, body) => pageAPI(page, app.token, method, path, body);



async function askInChat(page) {
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'Load sample library' }).click();
  await waitForSampleLibrary(page, app.token);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('ollama');
  await dialog.getByLabel('Name').fill('Fake Ollama');
  await dialog.getByLabel('Base URL').fill(llm.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByTestId('chat-welcome').waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="model-picker"] option')].some((o) => o.textContent === 'fake-cite'));
  await page.getByTestId('model-picker').selectOption({ label: 'fake-cite' });
  const input = page.getByTestId('composer-input');
  await input.fill(QUESTION);
  await input.press('Enter');
  await page.locator('[data-testid="ai-message"][data-status="done"]').first().waitFor({ timeout: 30000 });
}

test('a chat turn is in the run history with its trace and generation detail', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);

  // Before any question: the empty history says what will appear.
  await page.getByRole('link', { name: 'Runs' }).click();
  await page.getByText('No runs yet').waitFor();
  await screenshot(page, 'runs-empty');

  await askInChat(page);
  const conversationId = page.url().split('/chat/')[1];

  // The list names the run by its question, with its app, status and tokens.
  await page.getByRole('link', { name: 'Runs' }).click();
  const row = page.locator('[data-testid="run-row"]', { hasText: QUESTION });
  await row.waitFor();
  assert.equal(await row.getAttribute('data-status'), 'succeeded');
  assert.match(await row.textContent(), /\d+\s*(ms|s)/, 'the row shows a duration');
  await screenshotBothThemes(page, 'runs-list');

  // The trace: one waterfall row per node execution, every bar inside the axis.
  await row.click();
  await page.waitForURL(/#\/runs\/[^/?]+/);
  await page.getByTestId('run-detail').waitFor();
  assert.equal(await page.getByTestId('run-title').textContent(), QUESTION);
  const rows = page.getByTestId('waterfall-row');
  await rows.first().waitFor();
  const runId = page.url().split('/runs/')[1].split('?')[0];
  const detail = (await api(page, 'GET', `/api/runs/${runId}`)).body;
  assert.equal(await rows.count(), detail.nodes.length, 'one row per node execution');
  for (const t of ['knowledge-retrieval', 'cited-answer']) {
    await page.locator(`[data-testid="waterfall-row"][data-node-type="${t}"]`).first().waitFor();
  }
  for (const d of await page.getByTestId('waterfall-duration').allTextContents()) assert.match(d, /\d\s*(ms|s)|<1 ms/);
  const link = page.getByRole('link', { name: 'Open conversation' });
  assert.equal(await link.getAttribute('href'), `#/chat/${conversationId}`);

  // Select the cited answer: its generation detail, in stream order, and its outputs.
  await page.locator('[data-testid="waterfall-row"][data-node-type="cited-answer"] .wf-select').click();
  const node = page.getByTestId('node-detail');
  await node.waitFor();
  assert.equal(await node.getAttribute('data-node-type'), 'cited-answer');
  const generation = node.getByTestId('generation-detail');
  await generation.waitFor();
  const steps = generation.getByTestId('generation-step');
  assert.ok((await steps.count()) >= 1, 'the generation has at least one step');
  const kinds = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
  assert.ok(kinds.includes('content'), `the answer text is among the steps (${kinds.join(', ')})`);
  assert.match(await node.textContent(), /Outputs/);
  await screenshotBothThemes(page, 'runs-trace');

  // Back to the list, filtered by the run's app: the run is still there.
  await page.getByRole('link', { name: 'All runs' }).click();
  const filter = page.getByLabel('App');
  await filter.selectOption({ value: detail.run.appId });
  await page.waitForURL(/#\/runs\?app=/);
  await row.waitFor();
  await page.close();
});
