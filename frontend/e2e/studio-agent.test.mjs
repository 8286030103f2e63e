// Studio end to end for the Agent step: the Research assistant template opens with its
// agent on the canvas; its panel lists the backend's tools with the chosen ones checked;
// unticking one saves, and the saved app offers the agent one tool fewer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLexflow, launchBrowser, pageAPI, screenshotBothThemes } from './harness.mjs';
import { createApp, stepNode, waitSaved } from './studioPage.mjs';

let app, browser;

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

test('an agent step from the Research assistant template: tools, rounds and protocol in its panel', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await createApp(page, 'Research assistant', 'My research');

  const agent = stepNode(page, 'agent');
  await agent.waitFor();
  await agent.click();
  const panel = page.getByTestId('node-panel');
  await panel.waitFor();
  const tools = panel.getByTestId('agent-tools');
  await tools.getByTestId('agent-tool-search_collection').waitFor();
  for (const name of ['search_collection', 'fetch_article', 'neighbour_chunks', 'date_arithmetic']) {
    assert.equal(await tools.getByTestId(`agent-tool-${name}`).isChecked(), true, `${name} is chosen`);
  }
  assert.equal(await panel.getByTestId('agent-rounds').inputValue(), '6');
  await screenshotBothThemes(page, 'studio-agent');

  await tools.getByTestId('agent-tool-date_arithmetic').uncheck();
  await waitSaved(page);
  const appId = page.url().split('/studio/')[1];
  const doc = (await pageAPI(page, app.token, 'GET', `/api/apps/${appId}/dsl`)).body;
  const saved = JSON.stringify(doc);
  assert.ok(saved.includes('neighbour_chunks') && !saved.includes('date_arithmetic'), saved);
  assert.deepEqual(browser.errors, []);
  await page.close();
});
