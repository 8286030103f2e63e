// The Studio canvas's housekeeping end to end: Tidy up lays unconnected steps out in a
// grid beneath the graph, and a workflow run's report reads as Markdown whose citation
// markers open the cited passage, as in Chat. Screenshots in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLLM, startLexflow, launchBrowser, pageAPI, waitForSampleLibrary, screenshotBothThemes } from './harness.mjs';
import { canvasAtRest, stepNode, waitSaved } from './studioPage.mjs';

let llm, app, browser;

before(async () => {
  [llm, app, browser] = await Promise.all([startFakeLLM(), startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await llm?.stop();
});

const api = (page, method, p, body) => pageAPI(page, app.token, method, p, body);

/** A workflow app whose graph is `nodes` joined in a chain, saved through the API. */
async function workflowApp(page, name, nodes) {
  const created = await api(page, 'POST', '/api/apps', { mode: 'workflow', name, template: '', description: '' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.app.id;
  const doc = (await api(page, 'GET', `/api/apps/${id}/dsl`)).body;
  const dsl = JSON.parse(doc.dsl);
  dsl.workflow.graph.nodes = nodes;
  dsl.workflow.graph.edges = nodes.slice(1).map((n, i) => ({ id: `${nodes[i].id}-${n.id}`, source: nodes[i].id, target: n.id }));
  const saved = await api(page, 'PUT', `/api/apps/${id}/dsl`, { dsl: JSON.stringify(dsl), baseVersion: doc.app.version });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.deepEqual(saved.body.problems, []);
  return id;
}

const question = { variable: 'question', label: 'Question', type: 'text-input', required: true, max_length: 256 };
const REPORT = [
  { id: 'start', type: 'start', data: { title: 'Start', variables: [question] } },
  { id: 'search', type: 'knowledge-retrieval', data: { title: 'Search the library', query_variable_selector: ['start', 'question'], dataset_ids: [], multiple_retrieval_config: { top_k: 5 } } },
  { id: 'cite', type: 'cited-answer', data: { title: 'Cited answer', query_variable_selector: ['start', 'question'], hits_variable_selector: ['search', 'result'], model: { provider: '', name: '', mode: 'chat', completion_params: {} } } },
  { id: 'report', type: 'template-transform', data: { title: 'Report', template: '## Findings\n\n**Question:** {{ q }}\n\n{{ answer }}', variables: [{ variable: 'q', value_selector: ['start', 'question'] }, { variable: 'answer', value_selector: ['cite', 'answer'] }] } },
  { id: 'end', type: 'end', data: { title: 'End', outputs: [{ variable: 'report', value_selector: ['report', 'output'] }] } },
];

test('a workflow’s report reads as Markdown, and its citation markers open the passage', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(app.url);
  assert.equal((await api(page, 'POST', '/api/library/sample')).status, 201);
  const appId = await workflowApp(page, 'Findings report', REPORT);
  await waitForSampleLibrary(page, app.token);
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'end').waitFor();
  await page.getByTestId('toolbar-run').click();
  const form = page.getByTestId('run-form');
  await form.getByLabel('Question').fill('Must a trader perform a service with reasonable care and skill?');
  await form.getByRole('button', { name: 'Run workflow' }).click();

  const report = page.getByTestId('run-output-text').and(page.locator('[data-output="report"]'));
  await report.waitFor({ timeout: 60000 });
  assert.equal(await report.locator('h3').textContent(), 'Findings', 'the heading is a heading, not "## Findings"');
  await report.locator('strong', { hasText: 'Question:' }).waitFor();
  const chip = report.locator('button.cite-chip').first();
  await chip.waitFor();
  await report.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshotBothThemes(page, 'studio-workflow-report');
  await chip.hover();
  await page.getByTestId('citation-popover').waitFor();
  await screenshotBothThemes(page, 'studio-workflow-report-citation');
  await chip.click();
  await page.waitForURL(/#\/library\//);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('Tidy up lays unconnected steps out in a grid beneath the graph', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(app.url);
  const appId = await workflowApp(page, 'Loose ends', REPORT);
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'end').waitFor();
  // Five steps added from the palette and left unconnected: each lands below the last.
  for (const type of ['llm', 'answer', 'if-else', 'template-transform', 'tool']) {
    await page.locator(`[data-testid="palette-item"][data-node-type="${type}"]`).click();
    await page.getByTestId('node-panel').waitFor();
    await page.keyboard.press('Escape');
  }
  await page.getByTestId('auto-layout').click();
  await waitSaved(page);
  await canvasAtRest(page);
  const saved = JSON.parse((await api(page, 'GET', `/api/apps/${appId}/dsl`)).body.dsl).workflow.graph.nodes;
  const at = Object.fromEntries(saved.map((n) => [n.id, n.position]));
  const loose = ['llm_1', 'answer_1', 'if_else_1', 'template_transform_1', 'tool_1'].map((id) => at[id]);
  const chainBottom = Math.max(...REPORT.map((n) => at[n.id].y));
  assert.ok(loose.every((p) => p.y > chainBottom), 'the loose steps sit beneath the chain');
  assert.equal(new Set(loose.map((p) => p.x)).size, 3, 'in three columns');
  assert.equal(new Set(loose.map((p) => p.y)).size, 2, 'and two rows');
  await screenshotBothThemes(page, 'studio-tidy-grid');
  assert.deepEqual(browser.errors, []);
  await page.close();
});
