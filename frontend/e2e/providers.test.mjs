// Settings → Providers end to end: a real browser, the real binary, the fake
// model server speaking the OpenAI and Ollama wire protocols.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLLM, startLexflow, launchBrowser, screenshot } from './harness.mjs';

let llm, app, browser;

before(async () => {
  [llm, app, browser] = await Promise.all([startFakeLLM(), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

async function openProviders() {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).waitFor();
  return page;
}

async function addProvider(page, { kind, name, baseUrl, apiKey, defaultModel }) {
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption(kind);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Base URL').fill(baseUrl);
  if (apiKey) await dialog.getByLabel('API key').fill(apiKey);
  if (defaultModel) {
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByTestId('provider-test-result').getByText('Connected').waitFor();
    await dialog.getByLabel('Default model').selectOption(defaultModel);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A server that does not answer is saved only when asked twice.
  const anyway = dialog.getByRole('button', { name: 'Save anyway' });
  await Promise.race([dialog.waitFor({ state: 'detached' }), anyway.waitFor().then(() => anyway.click())]);
  await dialog.waitFor({ state: 'detached' });
  return page.locator(`[data-testid="provider-row"][data-provider-name="${name}"]`);
}

async function testConnectionAndModels(page, row) {
  await row.getByRole('button', { name: 'Test connection' }).click();
  const result = row.getByTestId('provider-test-result');
  await result.waitFor();
  await page.waitForFunction((el) => /connected|ok|models?/i.test(el.textContent ?? ''), await result.elementHandle());
  assert.match(await result.textContent(), /6 models/i); // the fake server's demo models
  await row.getByRole('button', { name: 'Models' }).click();
  const models = row.getByTestId('model-list');
  await models.getByText('fake-chat').waitFor();
  assert.match(await models.textContent(), /fake-reasoner/);
}

async function tryPrompt(page, row, model, prompt) {
  await row.getByRole('button', { name: 'Try it' }).click();
  const panel = page.getByTestId('try-panel');
  await panel.getByLabel('Model').fill(model);
  await panel.getByLabel('Prompt').fill(prompt);
  await panel.getByRole('button', { name: 'Send' }).click();
  const output = panel.getByTestId('try-output');
  await output.getByText(`You said: ${prompt}`).waitFor({ timeout: 15000 });
}

test('OpenAI-compatible provider: add, test connection, list models, stream a reply', async () => {
  const page = await openProviders();
  const row = await addProvider(page, {
    kind: 'openai',
    name: 'Fake OpenAI',
    baseUrl: `${llm.url}/v1`,
    apiKey: 'sk-test-key-123456789',
    defaultModel: 'fake-chat',
  });
  await row.waitFor();
  assert.match(await row.textContent(), /…6789/, 'the key is shown masked');
  assert.doesNotMatch(await row.textContent(), /sk-test-key-123456789/, 'the full key is never shown');
  await testConnectionAndModels(page, row);
  await tryPrompt(page, row, 'fake-chat', 'hello from the browser');
  await screenshot(page, 'providers-openai');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('Ollama provider: add, test connection, list models, stream a reply', async () => {
  const page = await openProviders();
  const row = await addProvider(page, { kind: 'ollama', name: 'Fake Ollama', baseUrl: llm.url, defaultModel: 'fake-chat' });
  await row.waitFor();
  await testConnectionAndModels(page, row);
  await tryPrompt(page, row, 'fake-chat', 'hello ollama');
  await screenshot(page, 'providers-ollama');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('an unreachable provider gets a clear message', async () => {
  const page = await openProviders();
  const row = await addProvider(page, { kind: 'ollama', name: 'Nobody home', baseUrl: 'http://127.0.0.1:9' });
  await row.getByRole('button', { name: 'Test connection' }).click();
  const result = row.getByTestId('provider-test-result');
  await result.getByText(/not running|unreachable|could not connect/i).waitFor({ timeout: 15000 });
  await screenshot(page, 'providers-unreachable');
  await page.close();
});

test('a malformed base URL is refused on its field', async () => {
  const page = await openProviders();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('openai');
  await dialog.getByLabel('Name').fill('Broken');
  await dialog.getByLabel('Base URL').fill('ftp://example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText(/http:\/\/ or https:\/\//).waitFor();
  await page.close();
});

test('edit a provider: replace its key and default model, then delete it', async () => {
  const page = await openProviders();
  const row = await addProvider(page, {
    kind: 'openai',
    name: 'Editable',
    baseUrl: `${llm.url}/v1`,
    apiKey: 'sk-first-key-aaaaaaaa1111',
    defaultModel: 'fake-chat',
  });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit provider' });
  assert.match(await dialog.getByTestId('api-key-status').textContent(), /A key is stored \(…1111\)/);
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await dialog.getByLabel('API key').fill('sk-second-key-bbbbbbbb2222');
  await dialog.getByLabel('Default model').selectOption('fake-reasoner');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('…2222').waitFor();
  await row.getByText('fake-reasoner').waitFor();

  // The API never returns the key in full, whatever the UI asks.
  const listed = await page.evaluate(async (token) => {
    const res = await fetch('/api/providers', { headers: { Authorization: `Bearer ${token}` } });
    return res.text();
  }, app.token);
  assert.doesNotMatch(listed, /sk-second-key|sk-first-key/);

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete provider?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await row.waitFor({ state: 'detached' });
  await page.close();
});
