// Accessibility end to end: axe-core checks every page a lawyer uses — Library, a collection, the
// source viewer, Chat with a cited answer and its popover, the audit view, Studio and an app's
// editor, Runs and a run, Settings — in the light and the dark theme. No serious or critical
// violation may remain, and no text may fall below WCAG 2.2 AA contrast, whatever its impact.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startFakeLLM, startLexflow, launchBrowser, pageAPI, setTheme, waitForSampleLibrary, screenshotBothThemes } from './harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const QUESTION = 'Must a trader perform a service with reasonable care and skill?';

let llm, app, browser;

before(async () => {
  [llm, app, browser] = await Promise.all([startFakeLLM(), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

/**
 * Runs axe on the page as it is (the WCAG 2.0–2.2 A and AA rules) and returns what fails: every
 * serious or critical violation, and every contrast violation of any impact.
 */
async function audit(page) {
  // Evaluated, not added as a <script>: the app's Content Security Policy allows no inline script.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  // Let theme transitions settle so colours are measured as shown.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {}))),
      new Promise((r) => setTimeout(r, 1000)),
    ]),
  );
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary?.split('\n').slice(1).join(' ').trim() })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast');
}

/** Audits the page in both themes; returns the failures, each named by where and in which theme. */
async function auditBothThemes(page, where) {
  const failures = [];
  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    for (const v of await audit(page)) failures.push(`${where} (${theme}): ${v.id} [${v.impact}] ${v.help}\n${v.nodes.map((n) => `    ${n.target} — ${n.summary}`).join('\n')}`);
  }
  await setTheme(page, 'light');
  return failures;
}

async function addFakeProvider(page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('ollama');
  await dialog.getByLabel('Name').fill('Fake Ollama');
  await dialog.getByLabel('Base URL').fill(llm.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('every page passes axe in light and dark, with AA contrast for all text', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const failures = [];
  const check = async (where) => failures.push(...(await auditBothThemes(page, where)));

  // Library: the collections, a collection with its documents and a search, the source viewer.
  await page.getByRole('link', { name: 'Library' }).click();
  await page.getByRole('button', { name: 'Load sample library' }).click();
  await waitForSampleLibrary(page, app.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
  await page.getByRole('link', { name: /Sample library/ }).first().waitFor();
  await check('Library');
  await page.getByRole('link', { name: /Sample library/ }).first().click();
  await page.getByTestId('collection-counts').waitFor();
  await page.getByRole('searchbox').first().fill('termination notice');
  await page.getByRole('searchbox').first().press('Enter');
  await page.getByTestId('search-hit').first().waitFor();
  await check('Collection with search hits');
  await screenshotBothThemes(page, 'contrast-collection');
  await page.getByTestId('search-hit').first().locator('a').first().click();
  await page.getByTestId('source-locator').waitFor();
  await check('Source viewer');
  await screenshotBothThemes(page, 'contrast-source');

  // Settings, with a provider.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
  await addFakeProvider(page);
  await check('Settings · Providers');

  // Chat with a cited answer, its citation popover, and the audit view.
  await page.getByRole('link', { name: 'Chat' }).click();
  await page.getByTestId('chat-welcome').waitFor();
  await check('Chat · new conversation');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="model-picker"] option')].some((o) => o.textContent === 'fake-cite'));
  await page.getByTestId('model-picker').selectOption({ label: 'fake-cite' });
  await page.getByTestId('composer-input').fill(QUESTION);
  await page.getByTestId('composer-input').press('Enter');
  const done = page.locator('[data-testid="ai-message"][data-status="done"]').first();
  await done.waitFor({ timeout: 30000 });
  await check('Chat with an answer');
  await done.locator('[data-testid="citation-chip"]').first().hover();
  await page.getByTestId('citation-popover').waitFor();
  await check('Chat · citation popover');
  await screenshotBothThemes(page, 'contrast-chat');
  await page.mouse.move(0, 0);
  await done.getByRole('button', { name: 'Audit' }).click();
  const auditPanel = page.getByTestId('audit-panel');
  await auditPanel.getByTestId('audit-timing').waitFor();
  await check('Audit · Overview');
  await auditPanel.getByRole('tab', { name: /Evidence/ }).click();
  await auditPanel.getByTestId('audit-passages').waitFor();
  await check('Audit · Evidence');
  await auditPanel.getByRole('tab', { name: /Checks/ }).click();
  await auditPanel.getByTestId('audit-checks').waitFor();
  await check('Audit · Checks');
  await page.getByRole('dialog', { name: 'Answer audit' }).getByRole('button', { name: 'Close' }).click();

  // Studio: the apps, and an app's editor.
  await page.getByRole('link', { name: 'Studio' }).click();
  await page.getByRole('heading', { name: 'Studio' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await check('Studio');
  const apps = (await pageAPI(page, app.token, 'GET', '/api/apps')).body;
  await page.evaluate((id) => (location.hash = `#/studio/${id}`), apps[0].id);
  await page.locator('.react-flow__node').first().waitFor();
  await check('Studio · editor');

  // Runs: the history (the chat turn is a run) and one run's trace.
  await page.getByRole('link', { name: 'Runs' }).click();
  await page.getByTestId('run-row').first().waitFor();
  await check('Runs');
  await page.getByTestId('run-row').first().click();
  await page.waitForURL(/#\/runs\/.+/);
  await page.waitForLoadState('networkidle');
  await check('Run detail');

  assert.deepEqual(failures, [], `axe found:\n${failures.join('\n')}`);
  assert.deepEqual(browser.errors, []);
  await page.close();
});
