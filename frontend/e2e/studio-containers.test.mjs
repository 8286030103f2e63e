// Studio end to end for iteration and loop: an imported workflow with one of each opens with the
// steps of each drawn inside its frame; the panels show their settings and offer a step inside the
// container's item; a run goes through every item and every round, each step's status shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLexflow, launchBrowser, pageAPI, screenshotBothThemes } from './harness.mjs';
import { canvasAtRest, createApp, stepNode, waitSaved } from './studioPage.mjs';

let app, browser;

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const dsl = `version: 0.1.0
kind: lexflow-app
app: {name: Clause drill, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, position: {x: 0, y: 120}, data: {title: Start, variables: [{variable: clauses, label: Clauses, type: paragraph, required: true}]}}
      - id: split
        type: code
        position: {x: 200, y: 120}
        data:
          title: Split clauses
          code_language: javascript
          code: "function main({clauses}) {\\n  return {items: clauses.split(';')};\\n}\\n"
          variables: [{variable: clauses, value_selector: [start, clauses]}]
          outputs: {items: {type: 'array[string]', children: null}}
      - id: each
        type: iteration
        position: {x: 420, y: 40}
        width: 520
        height: 200
        data: {title: Each clause, iterator_selector: [split, items], output_selector: [label, output], output_type: 'array[string]',
          start_node_id: each-start, is_parallel: true, parallel_nums: 3, error_handle_mode: continue-on-error}
      - {id: each-start, type: iteration-start, parentId: each, position: {x: 24, y: 84}, data: {title: ''}}
      - id: label
        type: template-transform
        parentId: each
        position: {x: 250, y: 76}
        data:
          title: Label clause
          template: 'Clause {{ index + 1 }}: {{ item | trim }}'
          variables: [{variable: item, value_selector: [each, item]}, {variable: index, value_selector: [each, index]}]
      - id: count
        type: loop
        position: {x: 420, y: 300}
        width: 520
        height: 200
        data:
          title: Count down
          start_node_id: count-start
          loop_count: 10
          logical_operator: and
          break_conditions: [{variable_selector: [count, left], comparison_operator: '≤', value: '0'}]
          loop_variables: [{label: left, var_type: number, value_type: constant, value: '3'}]
      - {id: count-start, type: loop-start, parentId: count, position: {x: 24, y: 84}, data: {title: ''}}
      - id: tick
        type: assigner
        parentId: count
        position: {x: 250, y: 76}
        data: {title: One less, version: '2', items: [{variable_selector: [count, left], input_type: constant, operation: '-=', value: 1}]}
      - {id: end, type: end, position: {x: 1040, y: 200}, data: {title: End, outputs: [{variable: labels, value_selector: [each, output]}, {variable: rounds, value_selector: [count, loop_round]}]}}
    edges:
      - {source: start, target: split}
      - {source: split, target: each}
      - {source: each-start, target: label}
      - {source: each, target: count}
      - {source: count-start, target: tick}
      - {source: count, target: end}
`;

test('iteration and loop: frames with their steps, panels, a run through every item and round', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const imported = await pageAPI(page, app.token, 'POST', '/api/apps/import', { dsl, name: 'Clause drill' });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const appId = imported.body.app.id;
  const doc = await pageAPI(page, app.token, 'GET', `/api/apps/${appId}/dsl`);
  assert.deepEqual(doc.body.problems, [], JSON.stringify(doc.body.problems));
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'label').waitFor();
  await canvasAtRest(page);

  // The steps inside are drawn within their container's frame.
  const frame = await stepNode(page, 'each').boundingBox();
  const inside = await stepNode(page, 'label').boundingBox();
  assert.ok(inside.x > frame.x && inside.y > frame.y && inside.x + inside.width < frame.x + frame.width && inside.y + inside.height < frame.y + frame.height,
    `label ${JSON.stringify(inside)} is not inside each ${JSON.stringify(frame)}`);

  const panel = page.getByTestId('node-panel');
  await stepNode(page, 'each').click({ position: { x: 30, y: 12 } });
  await panel.getByTestId('iteration-parallel-nums').waitFor();
  assert.equal(await panel.getByTestId('iteration-parallel-nums').inputValue(), '3');
  assert.equal(await panel.getByTestId('iteration-error-mode').inputValue(), 'continue-on-error');
  await screenshotBothThemes(page, 'studio-iteration');

  // A step inside reads the container's item and index.
  await stepNode(page, 'label').click();
  const offered = await panel.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.label));
  assert.ok(offered.some((l) => l.startsWith('Each clause')), offered.join(' | '));

  await stepNode(page, 'count').click({ position: { x: 30, y: 12 } });
  await panel.getByTestId('loop-count').waitFor();
  assert.equal(await panel.getByTestId('loop-count').inputValue(), '10');
  await screenshotBothThemes(page, 'studio-loop');

  await page.getByTestId('toolbar-run').click();
  const form = page.getByTestId('run-form');
  await form.getByLabel('Clauses').fill('The tenant pays rent; The landlord repairs; Either may end it');
  await form.getByRole('button', { name: 'Run workflow' }).click();
  const output = page.getByTestId('run-output');
  await output.getByText('Clause 3: Either may end it').waitFor({ timeout: 15000 });
  await page.locator('[data-testid="studio-node"][data-node-id="end"][data-run-status="succeeded"]').waitFor();
  await page.locator('[data-testid="studio-node"][data-node-id="tick"][data-run-status="succeeded"]').waitFor();
  await screenshotBothThemes(page, 'studio-containers-run');

  // In Runs, every round of a step inside is a row of its own, under its container, with its round,
  // listed by round (the iteration's rounds run in parallel and start in any order); a container's
  // untitled first step is named by its kind, as on the canvas.
  await page.getByTestId('toolbar-open-run').click();
  await page.waitForURL(/#\/runs\/[^/?]+$/);
  const labels = page.locator('[data-testid="waterfall-row"][data-node-type="template-transform"]');
  await labels.nth(2).waitFor();
  assert.equal(await labels.count(), 3);
  assert.match(await labels.filter({ hasText: 'round 3' }).textContent(), /Label clause/);
  const rounds = await page.locator('[data-testid="waterfall-row"][data-depth="1"] .wf-type').allTextContents();
  assert.deepEqual(rounds.map((t) => t.match(/round (\d+)/)?.[1]), ['1', '1', '2', '2', '3', '3', '1', '1', '2', '2', '3', '3']);
  const starts = page.locator('[data-testid="waterfall-row"][data-node-type="iteration-start"]');
  assert.deepEqual(await starts.locator('.wf-title').allTextContents(), ['Start of the steps', 'Start of the steps', 'Start of the steps']);
  assert.equal(await page.locator('[data-testid="waterfall-row"][data-node-type="assigner"]').count(), 3);
  await screenshotBothThemes(page, 'runs-container-rounds');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('an iteration added from the palette comes with its first step, and a step dropped on it goes inside', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await createApp(page, 'Blank', 'Built by hand');
  await page.locator('[data-testid="palette-item"][data-node-type="iteration"]').click();
  const appId = decodeURIComponent(page.url().split('/studio/')[1] ?? '');
  const frame = stepNode(page, 'iteration_1');
  await frame.waitFor();
  await stepNode(page, 'iteration_start_1').waitFor();
  await canvasAtRest(page);
  const box = await frame.boundingBox();
  const canvas = page.locator('.studio-canvas');
  const cbox = await canvas.boundingBox();
  const item = page.locator('[data-testid="palette-item"][data-node-type="template-transform"]');
  await item.dragTo(canvas, { targetPosition: { x: box.x + box.width * 0.55 - cbox.x, y: box.y + box.height * 0.5 - cbox.y } });
  await stepNode(page, 'template_transform_1').waitFor();
  await waitSaved(page);
  const saved = JSON.parse((await pageAPI(page, app.token, 'GET', `/api/apps/${appId}/dsl`)).body.dsl).workflow.graph.nodes;
  const byId = Object.fromEntries(saved.map((n) => [n.id, n]));
  assert.equal(byId['iteration_start_1']?.parentId, 'iteration_1', JSON.stringify(saved));
  assert.equal(byId['template_transform_1']?.parentId, 'iteration_1', JSON.stringify(saved));
  assert.equal(byId['iteration_1'].data.start_node_id, 'iteration_start_1');
  await screenshotBothThemes(page, 'studio-iteration-built');

  // Deleting the iteration deletes the steps inside it.
  await frame.click({ position: { x: 30, y: 12 } });
  await page.keyboard.press('Delete');
  await stepNode(page, 'template_transform_1').waitFor({ state: 'detached' });
  await stepNode(page, 'iteration_start_1').waitFor({ state: 'detached' });
  assert.deepEqual(browser.errors, []);
  await page.close();
});
