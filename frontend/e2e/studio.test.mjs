// Studio end to end: create an app from the Legal Q&A template, see its graph
// on the canvas, drag a node in from the palette and connect it, see it saved,
// reload and find it there; then break the graph and see the problem marked.
// Screenshots of the apps list and the canvas in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLexflow, launchBrowser, screenshot, screenshotBothThemes } from './harness.mjs';
import { canvasAtRest, createApp, stepNode, waitSaved } from './studioPage.mjs';

let app, browser;

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});



/** Drags from one handle to another with the mouse, as a person connects two nodes. */
async function connect(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('build on a template, autosave, reload, and see a broken graph marked', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Studio' }).click();
  await page.getByTestId('app-card').first().waitFor();
  await screenshotBothThemes(page, 'studio-apps');

  await page.getByRole('button', { name: 'New app' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('template-choice').filter({ hasText: 'Legal Q&A' }).click();
  await dialog.getByLabel('Name').fill('My Q&A');
  await screenshot(page, 'studio-new-app');
  await dialog.getByRole('button', { name: 'Create app' }).click();

  for (const id of ['start', 'retrieve', 'cite', 'answer']) await stepNode(page, id).waitFor();
  assert.match(page.url(), /#\/studio\/[^/]+$/);
  const appUrl = page.url();

  // Drag a Template node in from the palette and connect the answer to it.
  const item = page.locator('[data-testid="palette-item"][data-node-type="template-transform"]');
  const canvas = page.locator('.studio-canvas');
  const box = await canvas.boundingBox();
  await item.dragTo(canvas, { targetPosition: { x: box.width / 2, y: box.height - 140 } });
  const added = stepNode(page, 'template_transform_1');
  await added.waitFor();
  // A new node opens its panel; close it to see the whole graph.
  await page.getByTestId('node-panel').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('node-panel').waitFor({ state: 'detached' });
  await connect(page, stepNode(page, 'cite').locator('.react-flow__handle.source'), added.locator('.react-flow__handle.target'));
  await page.locator('.react-flow__edge[data-id="cite-source-template_transform_1"]').waitFor();
  await waitSaved(page);
  await screenshotBothThemes(page, 'studio-canvas');

  await page.goto(appUrl);
  await page.reload();
  await stepNode(page, 'template_transform_1').waitFor();
  await page.locator('.react-flow__edge[data-id="cite-source-template_transform_1"]').waitFor();

  // Configure the retrieval in its panel: a new title and a top-k.
  await stepNode(page, 'retrieve').click();
  const panel = page.getByTestId('node-panel');
  await panel.and(page.locator('[data-node-id="retrieve"]')).waitFor();
  await panel.getByTestId('panel-title').fill('Search the statutes');
  await panel.getByTestId('panel-top-k').fill('8');
  // Legal Q&A searches follow-ups with the conversation and checks every document for "which …" questions.
  assert.equal(await panel.getByTestId('panel-follow-up').isChecked(), true, 'follow-ups are on in Legal Q&A');
  assert.equal(await panel.getByTestId('panel-across-documents').isChecked(), true, 'questions across documents are on in Legal Q&A');
  await panel.getByTestId('panel-across-documents').uncheck();
  await stepNode(page, 'retrieve').filter({ hasText: 'Search the statutes' }).waitFor();
  await waitSaved(page);
  await screenshotBothThemes(page, 'studio-panel-retrieval');

  // The template step offers only what runs before it: the citation's answer, not its own output.
  await stepNode(page, 'template_transform_1').click();
  await panel.and(page.locator('[data-node-id="template_transform_1"]')).waitFor();
  await panel.getByRole('button', { name: 'Add variable' }).click();
  const value = panel.getByLabel('Value');
  const offered = await value.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(offered.includes('cite.answer') && offered.includes('retrieve.result') && offered.includes('sys.query'), offered.join(', '));
  assert.ok(!offered.some((v) => v.startsWith('template_transform_1.') || v.startsWith('answer.')), offered.join(', '));
  await value.selectOption('cite.answer');
  await panel.getByLabel('Jinja template').fill('Answer: {{ arg1 }}');
  await waitSaved(page);

  // The LLM-style prompt editor marks references: the answer step's reply reads cite.answer.
  await panel.getByRole('button', { name: 'Close the panel' }).click();
  await stepNode(page, 'answer').click();
  await panel.locator('.prompt-ref').filter({ hasText: '{{#cite.answer#}}' }).waitFor();
  await screenshotBothThemes(page, 'studio-panel-answer');

  await page.reload();
  await stepNode(page, 'retrieve').filter({ hasText: 'Search the statutes' }).waitFor();
  await stepNode(page, 'retrieve').click();
  assert.equal(await panel.getByTestId('panel-top-k').inputValue(), '8');
  assert.equal(await panel.getByTestId('panel-across-documents').isChecked(), false, 'the switch is saved');
  assert.equal(await panel.getByTestId('panel-follow-up').isChecked(), true);
  await panel.getByRole('button', { name: 'Close the panel' }).click();
  await stepNode(page, 'template_transform_1').click();
  assert.equal(await panel.getByLabel('Value').inputValue(), 'cite.answer');
  assert.equal(await panel.getByLabel('Jinja template').inputValue(), 'Answer: {{ arg1 }}');

  await panel.getByRole('button', { name: 'Close the panel' }).click();

  // The closed variable picker names the step by its title as renamed, not by its id.
  const shown = (select) => select.evaluate((el) => el.selectedOptions[0]?.textContent ?? '');
  await stepNode(page, 'cite').click();
  assert.equal(await shown(panel.getByLabel('Passages')), 'Search the statutes › result  (array[object])');
  await panel.getByRole('button', { name: 'Close the panel' }).click();

  // Deleting the retrieval breaks the citation step's reference: saved anyway, and marked.
  await stepNode(page, 'retrieve').click();
  await page.keyboard.press('Delete');
  await stepNode(page, 'retrieve').waitFor({ state: 'detached' });
  await waitSaved(page);
  await page.getByTestId('problems-panel').waitFor();
  await page.locator('[data-testid="studio-node"].has-problem[data-node-id="cite"]').waitFor();
  // Each problem names the step by title and the setting by its label; the technical detail is a muted line.
  const passages = page.getByTestId('problem').filter({ hasText: 'Answer with citations › Passages' });
  assert.match(await passages.locator('.studio-problem-message').innerText(), /^It reads “result” from a step that no longer exists/);
  assert.match(await passages.locator('.problem-detail').innerText(), /retrieve\.result/);
  for (const headline of await page.locator('.studio-problem-where, .studio-problem-message').allInnerTexts()) assert.doesNotMatch(headline, /[_[\]{}]|%!/);
  await page.getByTestId('problem').first().click();
  // The picker keeps the reference, warns that its step is gone, and says what to do.
  const passagesPicker = panel.getByLabel('Passages');
  assert.equal(await passagesPicker.getAttribute('data-reference'), 'deleted');
  assert.equal(await shown(passagesPicker), 'retrieve › result (step deleted)');
  // (the Question reads what the search searched for, from the same deleted step: a warning each)
  await panel.locator('.field-warning').filter({ hasText: 'The step this variable came from was deleted' }).first().waitFor();
  await screenshotBothThemes(page, 'studio-problems');

  // Undo brings the node back, and the problems go with the next save.
  await page.keyboard.press('Control+z');
  await stepNode(page, 'retrieve').waitFor();
  await waitSaved(page);
  await page.getByTestId('problems-panel').waitFor({ state: 'detached' });

  // A new LLM step opens its panel: model, prompt messages with roles, memory, failure settings.
  await page.locator('[data-testid="palette-item"][data-node-type="llm"]').click();
  const llmPanel = page.getByTestId('node-panel').and(page.locator('[data-node-id="llm_1"]'));
  await llmPanel.waitFor();
  await llmPanel.getByTestId('prompt-0').fill('You answer questions about {{#sys.query#}}.');
  await llmPanel.getByTestId('panel-error-strategy').selectOption('fail_branch');
  await stepNode(page, 'llm_1').locator('[data-handle-id="fail-branch"]').waitFor();
  await waitSaved(page);
  await screenshotBothThemes(page, 'studio-panel-llm');
  assert.deepEqual(browser.errors, []);
});

test('closing a step’s panel gives back the view the panel moved, but keeps one the person chose', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await createApp(page, 'Legal Q&A', 'View check');
  await stepNode(page, 'answer').waitFor();
  const panel = page.getByTestId('node-panel');

  // The last step sits where the panel opens: opening it moves the view, closing it moves it back.
  const before = await canvasAtRest(page);
  await stepNode(page, 'answer').click();
  await panel.waitFor();
  const opened = await canvasAtRest(page);
  assert.notEqual(opened, before, 'the view moved to keep the step in sight');
  await screenshotBothThemes(page, 'studio-panel-view-open');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.equal(await canvasAtRest(page), before, 'the view came back when the panel closed');
  await screenshotBothThemes(page, 'studio-panel-view-closed');

  // Moved by hand while the panel was open, the view stays where the person put it.
  await stepNode(page, 'answer').click();
  await panel.waitFor();
  const shifted = await canvasAtRest(page);
  const canvas = await page.locator('.studio-canvas').boundingBox();
  await page.mouse.move(canvas.x + 60, canvas.y + canvas.height - 60);
  await page.mouse.down();
  await page.mouse.move(canvas.x + 160, canvas.y + canvas.height - 100, { steps: 8 });
  await page.mouse.up();
  const panned = await canvasAtRest(page);
  assert.notEqual(panned, shifted, 'the drag panned the view');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.equal(await canvasAtRest(page), panned, 'the view the person chose stayed');
  assert.deepEqual(browser.errors, []);
});
