// Canvas benchmark: builds a 300-step app through the API, opens it in headless
// Chromium and measures the time until every step is drawn, then the frame times
// while a step is dragged across the canvas with the mouse and while the view is
// panned (requestAnimationFrame timestamps over each drag). Prints Markdown table
// rows like scripts/bench.
//
//   make bin/lexflow && cd frontend && LEXFLOW_BIN=../bin/lexflow node e2e/bench-canvas.mjs
import { launchBrowser, pageAPI, startLexflow } from './harness.mjs';

const NODES = 300;
const LAYERS = 20;
const DRAG_STEPS = 90;
const RUNS = 3;

/** A valid chatflow of NODES steps: start, layers of template steps each fed by the layer before, an answer. */
function bigApp() {
  const nodes = [{ id: 'start', type: 'start', data: { title: 'Start', variables: [] }, position: { x: 0, y: 0 } }];
  const edges = [];
  const perLayer = Math.ceil((NODES - 2) / LAYERS);
  let prev = ['start'];
  let made = 0;
  for (let layer = 0; made < NODES - 2; layer++) {
    const ids = [];
    for (let i = 0; i < perLayer && made < NODES - 2; i++, made++) {
      const id = `t${layer}_${i}`;
      const from = prev[i % prev.length];
      const reads = from === 'start' ? ['sys', 'query'] : [from, 'output'];
      nodes.push({
        id,
        type: 'template-transform',
        data: { title: `Step ${layer}.${i}`, variables: [{ variable: 'x', value_selector: reads }], template: '{{ x }}' },
        position: { x: 300 * (layer + 1), y: 110 * i },
      });
      edges.push({ source: from, target: id });
      ids.push(id);
    }
    prev = ids;
  }
  nodes.push({ id: 'answer', type: 'answer', data: { title: 'Answer', answer: `{{#${prev[0]}.output#}}` }, position: { x: 300 * (LAYERS + 1), y: 0 } });
  edges.push({ source: prev[0], target: 'answer' });
  return { version: '0.1.0', kind: 'lexflow-app', app: { name: 'Canvas benchmark', mode: 'chatflow' }, workflow: { graph: { nodes, edges } } };
}

/** In the page: opens the app by its route and resolves with ms until every node is drawn and measured. */
function timeToRender({ path, count }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    location.hash = path;
    const check = () => {
      const drawn = [...document.querySelectorAll('.react-flow__node')].filter((n) => n.style.visibility !== 'hidden');
      if (drawn.length >= count) resolve(performance.now() - t0);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

function startFrameLog() {
  window.__frames = [];
  const tick = (t) => {
    window.__frames.push(t);
    if (window.__frames.length < 100000 && !window.__stopFrames) requestAnimationFrame(tick);
  };
  window.__stopFrames = false;
  requestAnimationFrame(tick);
}

function stopFrameLog() {
  window.__stopFrames = true;
  const f = window.__frames;
  return f.slice(1).map((t, i) => t - f[i]);
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => quantile(xs, 0.5);

/** Presses at (x, y), moves the mouse in DRAG_STEPS steps and lets go, logging frame times meanwhile. */
async function dragFrames(page, x0, y0) {
  await page.mouse.move(x0, y0);
  await page.evaluate(startFrameLog);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_STEPS; i++) await page.mouse.move(x0 + i * 3, y0 + Math.sin(i / 8) * 40);
  await page.mouse.up();
  return page.evaluate(stopFrameLog);
}

/** What is under a point of the page, to make sure a drag starts where it is meant to. */
const hitAt = (page, x, y) => page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.react-flow__node, .react-flow__pane')?.className ?? '', [x, y]);

async function measure(browser, lexflow, appId) {
  const page = await browser.context.newPage();
  await page.goto(lexflow.url);
  await page.evaluate(() => (location.hash = '#/studio'));
  await page.waitForSelector('[data-testid="app-card"]');
  const render = await page.evaluate(timeToRender, { path: `/studio/${appId}`, count: NODES });

  // The frame rate of the canvas at rest, for scale.
  await page.evaluate(startFrameLog);
  await page.waitForTimeout(1000);
  const idle = await page.evaluate(stopFrameLog);

  // Drag a step from the middle of the graph across the canvas, pressing on its middle (the
  // whole graph is in view, so a step is a few pixels tall); a neighbour staying put shows
  // that the step moved, not the view.
  const target = page.locator('[data-testid="studio-node"][data-node-id="t10_7"]');
  const neighbour = page.locator('[data-testid="studio-node"][data-node-id="t10_6"]');
  const box = await target.boundingBox();
  const before = await neighbour.boundingBox();
  const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
  if (!(await hitAt(page, x0, y0)).includes('react-flow__node')) throw new Error('the drag would not start on the step');
  const drag = await dragFrames(page, x0, y0);
  const moved = await target.boundingBox();
  const after = await neighbour.boundingBox();
  if (moved.x - box.x < 100 || after.x !== before.x || after.y !== before.y) throw new Error('the step was not dragged on its own');

  // Pan the view by dragging the empty canvas above the graph.
  const canvas = await page.locator('.studio-canvas').boundingBox();
  const [px, py] = [canvas.x + canvas.width / 3, canvas.y + 24];
  if (!(await hitAt(page, px, py)).includes('react-flow__pane')) throw new Error('the pan would not start on the empty canvas');
  const pan = await dragFrames(page, px, py);
  await page.close();
  return { render, drag, pan, idle };
}

/** A fresh copy of the app for each run, so that a run finds the step where the last one found it. */
async function importApp(browser, lexflow) {
  const page = await browser.context.newPage();
  await page.goto(lexflow.url);
  const res = await pageAPI(page, lexflow.token, 'POST', '/api/apps/import', { dsl: JSON.stringify(bigApp()), name: '' });
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  await page.close();
  return res.body.app.id;
}

async function main() {
  const [lexflow, browser] = await Promise.all([startLexflow(), launchBrowser()]);
  try {
    const renders = [];
    const drag = [];
    const pan = [];
    const idle = [];
    for (let i = 0; i < RUNS; i++) {
      const m = await measure(browser, lexflow, await importApp(browser, lexflow));
      renders.push(m.render);
      drag.push(...m.drag);
      pan.push(...m.pan);
      idle.push(...m.idle);
    }
    const frameRows = (what, frames) => [
      [`canvas ${NODES} steps: frame time ${what}, median`, `${median(frames).toFixed(1)} ms`, '≤ 17 ms'],
      [`canvas ${NODES} steps: frame time ${what}, p95`, `${quantile(frames, 0.95).toFixed(1)} ms`, '≤ 33 ms'],
      [`canvas ${NODES} steps: frames over 50 ms ${what}`, `${frames.filter((f) => f > 50).length} of ${frames.length}`, '0'],
    ];
    const rows = [
      [`canvas ${NODES} steps: open until all drawn (median of ${RUNS})`, `${median(renders).toFixed(0)} ms`, '≤ 1500 ms'],
      [`canvas ${NODES} steps: frame time at rest, median`, `${median(idle).toFixed(1)} ms`, '—'],
      ...frameRows('dragging a step', drag),
      ...frameRows('panning the view', pan),
    ];
    console.log('| metric | value | target |\n|---|---|---|');
    for (const [metric, value, target] of rows) console.log(`| ${metric} | ${value} | ${target} |`);
    if (browser.errors.length > 0) throw new Error(browser.errors.join('\n'));
  } finally {
    await browser.close();
    await lexflow.stop();
  }
}

await main();
