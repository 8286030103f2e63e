// Studio end to end, built by hand: a blank chatflow becomes the Legal Q&A chain
// (Start → Knowledge retrieval → Cited answer → Answer) by dragging steps in from the
// palette and joining their handles with the mouse (dragged from one to the other, or
// clicked one after the other), and clicks alone: connecting fills the one setting that
// can be filled, the answer's reference to the deleted model step is mended in a click; the chain answers
// in the preview against the fake model with its steps lit live on the canvas, and the
// run's trace opens from Runs. Screenshots in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLLM, startLexflow, launchBrowser, screenshot, pageAPI, waitForSampleLibrary, screenshotBothThemes } from './harness.mjs';
import { canvasAtRest, createApp, stepNode, waitSaved } from './studioPage.mjs';

let llm, app, browser;

before(async () => {
  // Chunks a little apart, so a step is seen running before it succeeds.
  [llm, app, browser] = await Promise.all([startFakeLLM({ delay: '120ms' }), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

const QUESTION = 'Must a trader perform a service with reasonable care and skill?';
const api = (page, method, p, body) => pageAPI(page, app.token, method, p, body);

async function fitToScreen(page) {
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await canvasAtRest(page);
}

/** Drags a step from the palette and drops it at a point on the screen. */
async function dropStep(page, type, at) {
  const item = page.locator(`[data-testid="palette-item"][data-node-type="${type}"]`);
  const canvas = page.locator('.studio-canvas');
  const box = await canvas.boundingBox();
  await item.dragTo(canvas, { targetPosition: { x: at.x - box.x, y: at.y - box.y } });
}

/**
 * Connects two steps as a person does: presses on the source's handle, moves to the
 * target's handle in steps and lets go there. Nothing may move under the pointer
 * meanwhile: the edge must join exactly these two handles.
 */
async function connect(page, fromId, toId) {
  await canvasAtRest(page);
  const from = await stepNode(page, fromId).locator('.react-flow__handle.source').boundingBox();
  const to = await stepNode(page, toId).locator('.react-flow__handle.target').boundingBox();
  const viewport = await page.locator('.react-flow__viewport').getAttribute('style');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  assert.equal(await page.locator('.react-flow__viewport').getAttribute('style'), viewport, 'the graph stayed still while connecting');
  assert.equal(await page.getByTestId('node-panel').count(), 0, 'pressing a handle opened no panel');
  await page.mouse.up();
  // attached: a level edge has no height, which a visibility check takes for hidden.
  await page.locator(`.react-flow__edge[data-id="${fromId}-source-${toId}"]`).waitFor({ state: 'attached' });
}

/** Connects two steps the other way xyflow offers: a click on each handle. */
async function connectByClicks(page, fromId, toId) {
  await canvasAtRest(page);
  const viewport = await page.locator('.react-flow__viewport').getAttribute('style');
  await stepNode(page, fromId).locator('.react-flow__handle.source').click();
  await stepNode(page, fromId).locator('.react-flow__handle.source.clickconnecting').waitFor();
  assert.equal(await page.getByTestId('node-panel').count(), 0, 'clicking a handle opened no panel');
  await stepNode(page, toId).locator('.react-flow__handle.target').click();
  await page.locator(`.react-flow__edge[data-id="${fromId}-source-${toId}"]`).waitFor({ state: 'attached' });
  assert.equal(await page.locator('.react-flow__viewport').getAttribute('style'), viewport, 'the graph stayed still while connecting');
  assert.equal(await page.locator('.react-flow__node.selected').count(), 0, 'neither step was selected');
}

/** Opens a step's panel by clicking its title. */
async function openPanel(page, id) {
  await stepNode(page, id).locator('.studio-node-title').click();
  const panel = page.getByTestId('node-panel').and(page.locator(`[data-node-id="${id}"]`));
  await panel.waitFor();
  return panel;
}

/** Asserts step `id` lies wholly inside the canvas: no panel, docked or beside it, covers it. */
async function assertUncovered(page, id) {
  const node = await stepNode(page, id).boundingBox();
  const canvas = await page.locator('.studio-canvas').boundingBox();
  const inside = node.x >= canvas.x && node.y >= canvas.y && node.x + node.width <= canvas.x + canvas.width && node.y + node.height <= canvas.y + canvas.height;
  assert.ok(inside, `${id} at ${JSON.stringify(node)} lies inside the canvas ${JSON.stringify(canvas)}`);
  const problems = await page.getByTestId('problems-panel').boundingBox();
  if (problems) assert.ok(node.y + node.height <= problems.y, `${id} is above the problems`);
}

async function closePanel(page) {
  await page.getByTestId('node-panel').getByRole('button', { name: 'Close the panel' }).click();
  await page.getByTestId('node-panel').waitFor({ state: 'detached' });
}

test('build the Legal Q&A chain from a blank chatflow by drag and click only, run it, and read a step’s trace', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1600, height: 940 });
  await page.goto(app.url);
  // The library and a model to build against; both are set up through their own pages elsewhere.
  // The citing model is the default, so no step needs a model chosen.
  assert.equal((await api(page, 'POST', '/api/library/sample')).status, 201);
  const provider = await api(page, 'POST', '/api/providers', { name: 'Fake Ollama', kind: 'ollama', baseUrl: llm.url, defaultModel: 'fake-cite' });
  assert.equal(provider.status, 201, JSON.stringify(provider.body));

  // A blank chatflow from the Apps list: Start, a model step and the answer.
  await createApp(page, 'Blank', 'Statute Q&A');
  for (const id of ['start', 'llm', 'answer']) await stepNode(page, id).waitFor();

  // The model step makes way for retrieval and a cited answer: deleted from its panel.
  await openPanel(page, 'llm');
  await page.getByTestId('node-panel').getByTestId('panel-delete').click();
  await stepNode(page, 'llm').waitFor({ state: 'detached' });
  await page.getByTestId('node-panel').waitFor({ state: 'detached' });
  // The answer read the model's text: it is marked, on the canvas and in its settings.
  await page.locator('.toast', { hasText: 'Answer reads from the deleted step' }).waitFor();
  await waitSaved(page);
  await stepNode(page, 'answer').and(page.locator('.has-problem')).waitFor();
  await canvasAtRest(page);

  // Both new steps dropped below the row, between Start and the answer; each opens its panel,
  // and stays in view beside it and above the problems docked under the canvas.
  const start = await stepNode(page, 'start').boundingBox();
  const answer = await stepNode(page, 'answer').boundingBox();
  const below = start.y + start.height + 150;
  await dropStep(page, 'knowledge-retrieval', { x: start.x + start.width / 2 + 40, y: below });
  await page.getByTestId('node-panel').and(page.locator('[data-node-id="knowledge_retrieval_1"]')).waitFor();
  await closePanel(page);
  await dropStep(page, 'cited-answer', { x: answer.x + answer.width / 2 - 40, y: below });
  await page.getByTestId('node-panel').and(page.locator('[data-node-id="cited_answer_1"]')).waitFor();
  await waitSaved(page);
  await page.getByTestId('problems-panel').waitFor();
  await canvasAtRest(page);
  await assertUncovered(page, 'cited_answer_1');
  await screenshotBothThemes(page, 'studio-build-dropped');
  await closePanel(page);

  // A step dropped where its panel opens is brought into view beside it, so the graph
  // may have moved: fitted again, every handle is in view for the connections.
  await fitToScreen(page);
  await connect(page, 'start', 'knowledge_retrieval_1');
  await connect(page, 'knowledge_retrieval_1', 'cited_answer_1');
  // The retrieval's result is the only list of passages upstream: the cited answer reads it.
  await page.locator('.toast', { hasText: 'Passages: Knowledge retrieval › result' }).waitFor();
  let panel = await openPanel(page, 'cited_answer_1');
  const passages = panel.getByTestId('panel-passages');
  assert.equal(await passages.inputValue(), 'knowledge_retrieval_1.result');
  const offered = await passages.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(offered, ['', 'knowledge_retrieval_1.result'], 'Passages offers lists of passages, not text');
  await screenshotBothThemes(page, 'studio-build-passages-filled');
  // The fill is one undo step of its own: undone, the connection stays and Passages is empty again.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  assert.equal(await passages.inputValue(), '');
  await page.locator('.react-flow__edge[data-id="knowledge_retrieval_1-source-cited_answer_1"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  assert.equal(await passages.inputValue(), 'knowledge_retrieval_1.result');
  await closePanel(page);
  await connectByClicks(page, 'cited_answer_1', 'answer');
  await waitSaved(page);
  await screenshotBothThemes(page, 'studio-build-connected');

  // The answer's reply still reads the deleted model step: one click reads the cited answer instead.
  panel = await openPanel(page, 'answer');
  const reply = panel.getByTestId('panel-answer');
  await panel.locator('.prompt-ref.is-unknown').filter({ hasText: '{{#llm.text#}}' }).waitFor();
  const fix = panel.getByTestId('template-fixes');
  await fix.getByTestId('reference-fix-use').first().waitFor();
  assert.equal(await fix.getByTestId('reference-fix-use').first().textContent(), 'Use Cited answer › answer');
  await screenshotBothThemes(page, 'studio-build-answer-fix');
  await fix.getByTestId('reference-fix-use').first().click();
  assert.equal(await reply.inputValue(), '{{#cited_answer_1.answer#}}');
  await panel.locator('.prompt-ref:not(.is-unknown)').filter({ hasText: '{{#cited_answer_1.answer#}}' }).waitFor();
  await fix.waitFor({ state: 'detached' });
  await closePanel(page);

  // Laid out left to right and saved without a problem.
  await page.getByTestId('auto-layout').click();
  await waitSaved(page);
  await page.getByTestId('problems-panel').waitFor({ state: 'detached' });
  const appId = page.url().split('/studio/')[1];
  const saved = JSON.parse((await api(page, 'GET', `/api/apps/${appId}/dsl`)).body.dsl).workflow.graph;
  assert.deepEqual(saved.edges.map((e) => `${e.source} → ${e.target}`).sort(), ['cited_answer_1 → answer', 'knowledge_retrieval_1 → cited_answer_1', 'start → knowledge_retrieval_1']);
  const step = Object.fromEntries(saved.nodes.map((n) => [n.id, n.data]));
  assert.deepEqual(step.knowledge_retrieval_1.query_variable_selector, ['sys', 'query']);
  assert.deepEqual(step.cited_answer_1.hits_variable_selector, ['knowledge_retrieval_1', 'result']);
  assert.equal(step.answer.answer, '{{#cited_answer_1.answer#}}');
  await fitToScreen(page);
  await screenshotBothThemes(page, 'studio-build-graph');

  // Asked in the preview: the steps light up as they run, and all end succeeded.
  await waitForSampleLibrary(page, app.token);
  await page.getByTestId('toolbar-run').click();
  const preview = page.getByTestId('run-panel');
  await preview.getByTestId('preview-input').fill(QUESTION);
  await preview.getByTestId('preview-input').press('Enter');
  await page.locator('[data-testid="studio-node"][data-node-id="cited_answer_1"][data-run-status="running"]').waitFor({ timeout: 30000 });
  await screenshot(page, 'studio-build-running');
  await preview.getByTestId('preview-turn').and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 60000 });
  for (const id of ['start', 'knowledge_retrieval_1', 'cited_answer_1', 'answer']) assert.equal(await stepNode(page, id).getAttribute('data-run-status'), 'succeeded', id);
  await preview.locator('[data-testid="citation-chip"], .citation-chip').first().waitFor();
  await page.mouse.move(0, 0);
  await screenshotBothThemes(page, 'studio-build-answered');
  // A citation in the preview opens its passage, as in Chat.
  await preview.locator('button.cite-chip').first().click();
  await page.waitForURL(/#\/library\//);

  // The run in the history: its four steps, and the retrieval's trace with what it read and found.
  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  const row = page.locator('[data-testid="run-row"]', { hasText: QUESTION });
  await row.click();
  await page.getByTestId('run-detail').waitFor();
  await page.getByTestId('waterfall-row').nth(3).waitFor();
  assert.equal(await page.getByTestId('waterfall-row').count(), 4);
  await page.locator('[data-testid="waterfall-row"][data-node-type="knowledge-retrieval"] .wf-select').click();
  const detail = page.getByTestId('node-detail').and(page.locator('[data-node-type="knowledge-retrieval"]'));
  await detail.waitFor();
  assert.match(await detail.locator('.nd-title').textContent(), /Knowledge retrieval/);
  const text = await detail.textContent();
  assert.match(text, /Inputs[\s\S]*reasonable care and skill[\s\S]*Outputs[\s\S]*result/, text.slice(0, 400));
  await screenshotBothThemes(page, 'studio-build-trace');
  assert.deepEqual(browser.errors, []);
  await page.close();
});
