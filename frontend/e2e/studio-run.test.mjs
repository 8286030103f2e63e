// Running apps from the Studio canvas end to end, against the fake model: a chatflow
// answers in the preview chat while its steps light up on the canvas, the run opens in
// Runs and back on the canvas as a trace, and one step is tested alone with the values it
// read; a workflow runs from its inputs form; a Dify export is imported through the
// dialog, its model and dataset settled, and opened on the canvas; copy, paste and
// tidy-up on the canvas. Screenshots in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLLM, startLexflow, launchBrowser, screenshot, pageAPI, waitForSampleLibrary, screenshotBothThemes } from './harness.mjs';
import { stepNode, waitSaved } from './studioPage.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const difyExport = path.join(here, '..', '..', 'backend', 'nodes', 'dify', 'testdata', 'dify', 'chatflow_rag.yml');

let llm, app, browser, providerId;

before(async () => {
  // Chunks a little apart, so a step is seen running before it succeeds.
  [llm, app, browser] = await Promise.all([startFakeLLM({ delay: '120ms' }), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

const api = (page, method, p, body) => pageAPI(page, app.token, method, p, body);

async function newApp(page, mode, name) {
  const res = await api(page, 'POST', '/api/apps', { mode, name, template: '', description: '' });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.app.id;
}

test('a chatflow answers in the preview, its steps live on the canvas, then traced from Runs', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const provider = await api(page, 'POST', '/api/providers', { name: 'Fake Ollama', kind: 'ollama', baseUrl: llm.url, defaultModel: 'fake-chat' });
  assert.equal(provider.status, 201, JSON.stringify(provider.body));
  providerId = provider.body.id;
  const appId = await newApp(page, 'chatflow', 'Tenancy preview');
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'llm').waitFor();

  // The step has never run: testing it alone says so plainly.
  await stepNode(page, 'llm').click();
  const panel = page.getByTestId('node-panel');
  await panel.getByTestId('run-step').click();
  await panel.getByTestId('step-never-ran').waitFor();
  await page.keyboard.press('Escape');

  // Ask in the preview: the model step is seen running, then every step succeeds.
  await page.getByTestId('toolbar-run').click();
  const preview = page.getByTestId('run-panel');
  await preview.waitFor();
  await preview.getByTestId('preview-input').fill('May a landlord keep the whole deposit for minor wear?');
  await preview.getByTestId('preview-input').press('Enter');
  await page.locator('[data-testid="studio-node"][data-node-id="llm"][data-run-status="running"]').waitFor({ timeout: 15000 });
  await page.getByTestId('cancel-run').waitFor();
  await screenshotBothThemes(page, 'studio-run-live');
  const turn = preview.getByTestId('preview-turn').first();
  await turn.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 30000 });
  assert.ok((await turn.getByTestId('answer-body').textContent()).trim().length > 0, 'the answer streamed into the preview');
  for (const id of ['start', 'llm', 'answer']) assert.equal(await stepNode(page, id).getAttribute('data-run-status'), 'succeeded', id);
  assert.match(await stepNode(page, 'llm').getByTestId('step-status').textContent(), /\d\s*(ms|s)|<1 ms/);
  await page.getByTestId('run-footer').and(page.locator('[data-status="succeeded"]')).waitFor();
  await screenshotBothThemes(page, 'studio-run-preview');

  // The statuses stay until the next edit; the run opens in Runs.
  await page.getByTestId('toolbar-open-run').click();
  await page.waitForURL(/#\/runs\/[^/?]+$/);
  const runId = page.url().split('/runs/')[1];
  await page.getByTestId('waterfall-row').first().waitFor();
  assert.equal(await page.getByTestId('waterfall-row').count(), 3);

  // Back on the canvas as a trace: statuses and timings, read-only, a step's detail beside it.
  await page.getByTestId('open-on-canvas').click();
  await page.waitForURL(new RegExp(`#/studio/${appId}\\?run=${runId}$`));
  await page.getByTestId('trace-bar').filter({ hasText: 'May a landlord' }).waitFor();
  await page.locator('[data-testid="studio-node"][data-node-id="answer"][data-run-status="succeeded"]').waitFor();
  assert.equal(await page.getByTestId('palette-item').count(), 0, 'nothing to add while tracing');
  await stepNode(page, 'llm').click();
  const trace = page.getByTestId('trace-panel');
  await trace.getByTestId('node-detail').waitFor();
  assert.match(await trace.textContent(), /Variables read/);
  assert.match(await trace.textContent(), /Outputs/);
  await screenshotBothThemes(page, 'studio-trace');
  await page.getByTestId('close-trace').click();
  await page.getByTestId('trace-bar').waitFor({ state: 'detached' });

  // The model step alone, with the values it read in that run.
  await stepNode(page, 'llm').click();
  await panel.getByTestId('run-step').click();
  const result = panel.getByTestId('step-run-result');
  await result.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 30000 });
  await result.getByTestId('node-detail').waitFor();
  await result.getByTestId('node-variables').waitFor();
  assert.match(await result.textContent(), /May a landlord keep the whole deposit/, 'it read the question of the earlier run');
  await screenshotBothThemes(page, 'studio-step-test');
  const runs = (await api(page, 'GET', `/api/runs?appId=${appId}`)).body;
  const single = runs.find((r) => r.singleNodeId === 'llm');
  assert.ok(single, 'the test of the step is in the history');
  assert.equal(single.sourceRunId, runId);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('the preview remembers the conversation until a new one is started', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  if ((await api(page, 'GET', '/api/providers')).body.length === 0) {
    await api(page, 'POST', '/api/providers', { name: 'Fake Ollama', kind: 'ollama', baseUrl: llm.url, defaultModel: 'fake-chat' });
  }
  const appId = await newApp(page, 'chatflow', 'Deposit advice');
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'llm').waitFor();
  await page.getByTestId('toolbar-run').click();
  const preview = page.getByTestId('run-panel');
  const ask = async (question, turns) => {
    await preview.getByTestId('preview-input').fill(question);
    await preview.getByTestId('preview-input').press('Enter');
    await preview.getByTestId('preview-turn').nth(turns - 1).and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 30000 });
    const runs = (await api(page, 'GET', `/api/runs?appId=${appId}`)).body;
    return (await api(page, 'GET', `/api/runs/${runs.find((r) => r.query === question).id}`)).body.run;
  };

  // The second question is asked in the same conversation, with the first turn as its context.
  const first = await ask('May a landlord keep the whole deposit?', 1);
  const second = await ask('And if the damage is only wear and tear?', 2);
  assert.ok(first.conversationId, 'the preview asks in a conversation');
  assert.equal(second.conversationId, first.conversationId);
  assert.deepEqual(
    second.inputs['sys.history'].map((t) => t.role),
    ['user', 'assistant'],
  );
  assert.equal(second.inputs['sys.history'][0].text, 'May a landlord keep the whole deposit?');
  await screenshotBothThemes(page, 'studio-preview-conversation');

  // A new conversation forgets the turns: the next question has no context, and the old scratch conversation is gone.
  await preview.getByTestId('preview-new-conversation').click();
  assert.equal(await preview.getByTestId('preview-turn').count(), 0);
  const third = await ask('What is a tenancy deposit?', 1);
  assert.notEqual(third.conversationId, first.conversationId);
  assert.equal(third.inputs['sys.history']?.length ?? 0, 0, 'a new conversation starts without context');
  const messagesOf = async (id) => (await api(page, 'GET', `/api/conversations/${id}/messages`)).status;
  assert.equal(await messagesOf(first.conversationId), 404, 'the old preview conversation was deleted');
  // The preview's conversation is its own: never among the Chat's, so a page reloaded or closed mid-preview leaves nothing there.
  assert.equal(await messagesOf(third.conversationId), 200);
  const conversations = (await api(page, 'GET', '/api/conversations')).body;
  assert.ok(!conversations.some((c) => c.id === third.conversationId), 'a preview conversation is not listed in the Chat');

  // Edited since: the model step renamed, the answer step deleted. The trace is drawn on the graph the run ran.
  await preview.getByRole('button', { name: 'Close the run panel' }).click();
  await stepNode(page, 'llm').click();
  const panel = page.getByTestId('node-panel');
  await panel.getByTestId('panel-title').fill('Draft the reply');
  await page.keyboard.press('Escape');
  await stepNode(page, 'answer').click();
  await page.keyboard.press('Delete');
  await stepNode(page, 'answer').waitFor({ state: 'detached' });
  await waitSaved(page);
  await page.goto(`${app.origin}/#/studio/${appId}?run=${third.id}`);
  await page.getByTestId('trace-changed').waitFor();
  await page.locator('[data-testid="studio-node"][data-node-id="answer"][data-run-status="succeeded"]').waitFor();
  assert.equal(await stepNode(page, 'llm').locator('.studio-node-title').textContent(), 'LLM', 'the step reads as it was titled when it ran');
  await stepNode(page, 'answer').click();
  await page.getByTestId('trace-panel').getByTestId('node-detail').waitFor();
  await screenshotBothThemes(page, 'studio-trace-as-it-ran');

  // Back to editing: the app as it is now, its edits kept.
  await page.getByTestId('close-trace').click();
  await stepNode(page, 'answer').waitFor({ state: 'detached' });
  await stepNode(page, 'llm').filter({ hasText: 'Draft the reply' }).waitFor();
  const saved = JSON.parse((await api(page, 'GET', `/api/apps/${appId}/dsl`)).body.dsl).workflow.graph.nodes;
  assert.deepEqual(saved.map((n) => n.id), ['start', 'llm'], 'the trace did not save over the app');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('a workflow runs from its inputs form', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const appId = await newApp(page, 'workflow', 'Echo a clause');
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'end').waitFor();
  await page.getByTestId('toolbar-run').click();
  const form = page.getByTestId('run-form');
  await form.getByRole('button', { name: 'Run workflow' }).click();
  await form.getByText('Required.').waitFor();
  await form.getByLabel('Text').fill('The tenant shall keep the premises in good repair.');
  await form.getByRole('button', { name: 'Run workflow' }).click();
  const output = page.getByTestId('run-output');
  await output.getByText('The tenant shall keep the premises in good repair.').waitFor({ timeout: 15000 });
  await page.locator('[data-testid="studio-node"][data-node-id="end"][data-run-status="succeeded"]').waitFor();
  await screenshotBothThemes(page, 'studio-run-workflow');

  // An edit clears the statuses of the finished run.
  await stepNode(page, 'end').click();
  await page.getByTestId('panel-title').fill('Result');
  await page.locator('[data-testid="studio-node"][data-run-status]').first().waitFor({ state: 'detached' });

  // A Tool step offers the built-in tools, each with its description and parameters.
  await page.locator('[data-testid="palette-item"][data-node-type="tool"]').click();
  const toolPanel = page.getByTestId('node-panel').and(page.locator('[data-node-id="tool_1"]'));
  const picker = toolPanel.getByTestId('panel-tool');
  await picker.locator('option[value="date_arithmetic"]').waitFor({ state: 'attached' });
  const offered = await picker.locator('option').evaluateAll((os) => os.map((o) => o.value));
  for (const t of ['search_collection', 'fetch_article', 'date_arithmetic']) assert.ok(offered.includes(t), offered.join(', '));
  await picker.selectOption('date_arithmetic');
  const missing = toolPanel.getByTestId('tool-missing-params');
  await missing.getByRole('button').first().click();
  await toolPanel.locator('.panel-item').first().waitFor();
  await screenshotBothThemes(page, 'studio-panel-tool');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('a Dify export imports through the dialog, reports, and opens on the canvas; steps copy, paste and tidy up', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  if ((await api(page, 'GET', '/api/providers')).body.every((p) => p.builtIn)) {
    await api(page, 'POST', '/api/providers', { name: 'Fake Ollama', kind: 'ollama', baseUrl: llm.url, defaultModel: 'fake-chat' });
  }
  const precedents = (await api(page, 'POST', '/api/collections', { name: 'Precedents', description: '' })).body;
  await page.getByRole('link', { name: 'Studio' }).click();
  await page.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('import-file').setInputFiles(difyExport);
  const report = dialog.getByTestId('import-report');
  await report.waitFor();
  assert.match(await report.textContent(), /Read as a Dify/);
  // Before anything is imported: the model the export names, with the configured model proposed for it,
  // and the step that cannot run as it is (its Dify dataset is not a collection here).
  const model = dialog.getByTestId('import-model');
  assert.notEqual(await model.inputValue(), '', 'a configured model is proposed');
  await model.locator('option[value="Fake Ollama/fake-chat"]').waitFor({ state: 'attached' });
  await model.selectOption('Fake Ollama/fake-chat');
  assert.match(await dialog.getByTestId('import-summary').textContent(), /cannot run until/);
  assert.match(await dialog.getByTestId('import-warning').textContent(), /Choose a collection/);
  await screenshot(page, 'studio-import-preview');
  // The export's Dify dataset is settled as its model is: choosing a collection checks the import
  // again, and the report then says the app can run.
  const dataset = dialog.getByTestId('import-dataset');
  assert.equal(await dataset.inputValue(), '', 'no collection is proposed for a Dify dataset');
  assert.equal(await dataset.getAttribute('aria-invalid'), 'true');
  await dataset.locator(`option[value="${precedents.id}"]`).waitFor({ state: 'attached' });
  await dataset.selectOption(precedents.id);
  await dialog.getByTestId('import-summary').getByText('The app can run.').waitFor();
  assert.equal(await dialog.getByTestId('import-warning').count(), 0, 'the retrieval step needs nothing more');
  assert.match(await dialog.getByTestId('import-neutral').textContent(), /replaced by collection "Precedents"/);
  await screenshotBothThemes(page, 'studio-import-datasets');
  await dialog.getByTestId('import-confirm').click();
  const open = dialog.getByRole('button', { name: /Open on the canvas/ });
  await open.waitFor();
  assert.match(await dialog.getByTestId('import-models').textContent(), /Fake Ollama\/fake-chat/);
  assert.match(await dialog.getByTestId('import-datasets').textContent(), /Precedents/);
  assert.equal(await open.textContent(), 'Open on the canvas');
  await screenshot(page, 'studio-import-report');
  await open.click();
  await page.waitForURL(/#\/studio\/[^/?]+$/);
  const nodes = page.getByTestId('studio-node');
  await nodes.first().waitFor();
  assert.equal(await nodes.count(), 4);
  for (const type of ['start', 'knowledge-retrieval', 'llm', 'answer']) await page.locator(`[data-testid="studio-node"][data-node-type="${type}"]`).waitFor();
  // The export's sticky note is a note on the canvas, not a step.
  assert.match(await page.getByTestId('canvas-note').textContent(), /Point the retrieval at the firm's precedents/);
  await screenshotBothThemes(page, 'studio-imported');

  // Copy the model step and paste it twice: new ids, one undo step each.
  const llmNode = page.locator('[data-testid="studio-node"][data-node-type="llm"]');
  await llmNode.click();
  await page.getByTestId('node-panel').waitFor();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  const pasted = page.locator('[data-testid="studio-node"][data-node-id^="llm_"]');
  await pasted.first().waitFor({ state: 'attached' });
  await page.keyboard.press('Control+v');
  await pasted.nth(1).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await page.waitForTimeout(400);
  assert.equal(await nodes.count(), 6);
  await page.keyboard.press('Control+z');
  await page.locator('[data-testid="studio-node"][data-node-id="llm_2"]').waitFor({ state: 'detached' });
  assert.equal(await nodes.count(), 5);

  // Tidy up lays the steps out left to right by layers: each step right of the one before it.
  await page.getByTestId('auto-layout').click();
  await page.waitForTimeout(400);
  const xs = Object.fromEntries(
    await page.locator('[data-testid="studio-node"]:not([data-node-id^="llm_"])').evaluateAll((els) => els.map((e) => [e.dataset.nodeType, e.getBoundingClientRect().x])),
  );
  assert.ok(xs.start < xs['knowledge-retrieval'] && xs['knowledge-retrieval'] < xs.llm && xs.llm < xs.answer, JSON.stringify(xs));
  await waitSaved(page);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('the Legal Q&A chatflow answers with citations in the preview, every step marked on the canvas', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1600, height: 940 });
  await page.goto(app.url);
  assert.equal((await api(page, 'POST', '/api/library/sample')).status, 201);
  await waitForSampleLibrary(page, app.token);
  const update = await api(page, 'PUT', `/api/providers/${providerId}`, { name: 'Fake Ollama', kind: 'ollama', baseUrl: llm.url, defaultModel: 'fake-cite' });
  assert.equal(update.status, 200, JSON.stringify(update.body));
  const created = await api(page, 'POST', '/api/apps', { mode: 'chatflow', name: 'Tenancy Q&A', template: 'legal-qa', description: '' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await page.goto(`${app.origin}/#/studio/${created.body.app.id}`);
  await stepNode(page, 'cite').waitFor();
  await page.getByTestId('toolbar-run').click();
  const preview = page.getByTestId('run-panel');
  await preview.getByTestId('preview-input').fill('Must a trader perform a service with reasonable care and skill?');
  await preview.getByTestId('preview-send').click();
  await preview.getByTestId('preview-turn').and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 60000 });
  for (const id of ['start', 'retrieve', 'cite', 'answer']) assert.equal(await stepNode(page, id).getAttribute('data-run-status'), 'succeeded', id);
  await preview.locator('.citation-chip, [data-testid="citation-chip"]').first().waitFor();
  await page.mouse.move(0, 0);
  await screenshotBothThemes(page, 'studio-readme');
  assert.deepEqual(browser.errors, []);
  await page.close();
});
