// Studio end to end for the step types Dify apps use: code, HTTP request, list operator and
// variable assigner. An imported chatflow with one of each opens on the canvas; each panel shows
// its settings; the HTTP request's host is refused until approved from its panel, and a
// preview run keeps the assigner's conversation variable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLexflow, launchBrowser, pageAPI, screenshotBothThemes } from './harness.mjs';
import { stepNode } from './studioPage.mjs';

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
app: {name: Notice tracker, mode: chatflow}
workflow:
  conversation_variables:
    - {name: asked, value_type: 'array[string]', value: []}
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start}, position: {x: 0, y: 200}}
      - id: words
        type: code
        position: {x: 170, y: 200}
        data:
          title: Split words
          code_language: javascript
          code: "function main({text}) {\\n  return {words: text.split(' ')};\\n}\\n"
          variables: [{variable: text, value_selector: [sys, query]}]
          outputs: {words: {type: 'array[string]', children: null}}
      - id: longest
        type: list-operator
        position: {x: 340, y: 200}
        data:
          title: Top words
          variable: [words, words]
          filter_by: {enabled: true, conditions: [{key: '', comparison_operator: 'not empty', value: ''}]}
          order_by: {enabled: true, key: '', value: desc}
          limit: {enabled: true, size: 3}
      - id: fetch
        type: http-request
        position: {x: 510, y: 120}
        data:
          title: Look up
          method: get
          url: 'https://api.example.org/terms?q={{#sys.query#}}'
          headers: 'Accept:application/json'
          body: {type: none, data: []}
          authorization: {type: no-auth, config: null}
          error_strategy: fail-branch
      - id: remember
        type: assigner
        position: {x: 510, y: 280}
        data:
          title: Remember the question
          version: '2'
          items:
            - {variable_selector: [conversation, asked], input_type: variable, operation: append, value: [sys, query]}
      - {id: answer, type: answer, position: {x: 680, y: 280}, data: {title: Answer, answer: 'Asked so far: {{#conversation.asked#}}'}}
    edges:
      - {source: start, target: words}
      - {source: words, target: longest}
      - {source: longest, target: fetch}
      - {source: longest, target: remember}
      - {source: remember, target: answer}
`;

test('code, list operator, HTTP request and assigner steps: panels, host approval', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const imported = await pageAPI(page, app.token, 'POST', '/api/apps/import', { dsl, name: 'Notice tracker' });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const appId = imported.body.app.id;
  const doc = await pageAPI(page, app.token, 'GET', `/api/apps/${appId}/dsl`);
  assert.deepEqual(doc.body.problems, [], JSON.stringify(doc.body.problems));
  await page.goto(`${app.origin}/#/studio/${appId}`);
  const panel = page.getByTestId('node-panel');

  await stepNode(page, 'words').click();
  await panel.getByLabel('function main').waitFor();
  assert.match(await panel.getByLabel('function main').inputValue(), /text\.split/);
  await screenshotBothThemes(page, 'studio-code');

  await stepNode(page, 'longest').click();
  await panel.getByText('Keep the first').waitFor();
  await screenshotBothThemes(page, 'studio-list-operator');

  await stepNode(page, 'remember').click();
  await panel.getByText('Conversation variables').waitFor();
  await screenshotBothThemes(page, 'studio-assigner');

  await stepNode(page, 'fetch').click();
  const approve = panel.getByRole('button', { name: 'Approve api.example.org' });
  await approve.waitFor();
  await screenshotBothThemes(page, 'studio-http-refused');
  await approve.click();
  await panel.getByText('api.example.org is approved for this app.').waitFor();
  const hosts = await pageAPI(page, app.token, 'GET', `/api/apps/${appId}/hosts`);
  assert.deepEqual(hosts.body.hosts, ['api.example.org']);
  await screenshotBothThemes(page, 'studio-http-approved');
  await panel.getByRole('button', { name: 'Revoke api.example.org' }).click();
  await approve.waitFor();
  assert.deepEqual(browser.errors, []);
  await page.close();
});
