// Adding a provider the way a new user does: an OpenAI-compatible server typed without /v1
// (the dialog tests it and offers /v1), then with it; the default model picked from the
// server's list; Chat and Settings then name the same default. Real browser, real binary, the
// fake model server speaking the OpenAI and Ollama wire protocols.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLLM, startLexflow, launchBrowser, screenshotBothThemes } from './harness.mjs';

let llm, app, browser;

before(async () => {
  [llm, app, browser] = await Promise.all([startFakeLLM(), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

async function openSettings(page, section) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: section }).click();
}

async function startAdding(page, { kind, name, baseUrl }) {
  await openSettings(page, 'Providers');
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add provider' });
  await dialog.getByLabel('Kind').selectOption(kind);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Base URL').fill(baseUrl);
  return dialog;
}

/** The default the Chat composer offers, and the one Settings → Defaults shows in use. */
async function defaultsShown(page) {
  await page.getByRole('link', { name: 'Chat' }).click();
  const picker = page.getByTestId('model-picker').first();
  await picker.waitFor();
  const chat = (await picker.locator('option[value=""]').textContent()).replace(/^Default:\s*/, '');
  await openSettings(page, 'Defaults');
  const settings = await page.getByTestId('default-in-use').textContent();
  return { chat, settings };
}

test('an address without /v1 is offered /v1; the model comes from the list; Chat and Settings agree', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  assert.deepEqual(await defaultsShown(page), { chat: 'Built-in (extractive) (built-in)', settings: 'Built-in (extractive) (built-in)' });

  const dialog = await startAdding(page, { kind: 'openai', name: 'LM Studio', baseUrl: llm.url });
  assert.equal(await dialog.getByRole('textbox', { name: 'Default model' }).count(), 1, 'free text until the list is known');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const suggestion = dialog.getByTestId('base-url-suggestion');
  await suggestion.getByText(`${llm.url}/v1`).waitFor();
  assert.match(await dialog.getByTestId('provider-test-result').textContent(), /no such endpoint/);
  await screenshotBothThemes(page, 'provider-suggests-v1');
  await suggestion.getByRole('button', { name: 'Use this address' }).click();
  await dialog.getByTestId('provider-test-result').getByText('Connected').waitFor();
  assert.equal(await dialog.getByLabel('Base URL').inputValue(), `${llm.url}/v1`);

  const model = dialog.getByRole('combobox', { name: 'Default model' });
  const offered = await model.locator('option').allTextContents();
  assert.ok(offered.includes('fake-chat') && offered.includes('fake-reasoner'), `offered ${offered}`);
  await model.selectOption('fake-reasoner');
  await screenshotBothThemes(page, 'provider-model-from-list');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  assert.deepEqual(await defaultsShown(page), { chat: 'LM Studio · fake-reasoner', settings: 'LM Studio · fake-reasoner' });
  await screenshotBothThemes(page, 'defaults-in-use');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('an Ollama server added without a default model never becomes the default', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const dialog = await startAdding(page, { kind: 'ollama', name: 'Ollama here', baseUrl: llm.url });
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await dialog.getByTestId('provider-test-result').getByText('Connected').waitFor();
  assert.equal(await dialog.getByRole('combobox', { name: 'Default model' }).inputValue(), '');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Settings refuses it as the default until a model is chosen, and says so on the field.
  await openSettings(page, 'Defaults');
  await page.getByLabel('Default provider').selectOption({ label: 'Ollama here (Ollama)' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(/choose a model for Ollama here/i).waitFor();
  await page.getByRole('combobox', { name: 'Default model' }).selectOption('fake-chat');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('default-in-use').getByText('Ollama here · fake-chat').waitFor();
  assert.deepEqual(await defaultsShown(page), { chat: 'Ollama here · fake-chat', settings: 'Ollama here · fake-chat' });
  assert.deepEqual(browser.errors, []);
  await page.close();
});
