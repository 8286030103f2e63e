// Studio end to end for the step types Dify apps use: code, HTTP request, list operator and
// variable assigner. An imported chatflow with one of each opens on the canvas; each panel shows
// its settings; the HTTP request's host is refused until approved from its panel, and a
// preview run keeps the assigner's conversation variable. A Dify agent with a tool Lexflow
// lacks opens without problems, its panel naming that tool.
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

const difyAgent = `version: 0.1.5
kind: app
app: {name: Trip planner, mode: advanced-chat}
workflow:
  graph:
    nodes:
      - {id: start, position: {x: 0, y: 200}, data: {type: start, title: Start, variables: []}}
      - id: planner
        position: {x: 260, y: 200}
        data:
          type: agent
          title: Planner
          agent_strategy_name: function_calling
          agent_parameters:
            model: {type: constant, value: {provider: langgenius/openai/openai, model: gpt-4o-mini, mode: chat}}
            instruction: {type: constant, value: Plan the trip.}
            query: {type: constant, value: "{{#sys.query#}}"}
            tools: {type: constant, value: [{enabled: true, provider_name: langgenius/duckduckgo/duckduckgo, tool_name: ddgo_search,
              type: builtin, parameters: {max_results: 5, query: ""}}]}
      - {id: answer, position: {x: 520, y: 200}, data: {type: answer, title: Answer, answer: "{{#planner.text#}}"}}
    edges:
      - {source: start, target: planner}
      - {source: planner, target: answer}
`;

test('a Dify agent whose tool Lexflow lacks opens without problems and names that tool in its panel', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const imported = await pageAPI(page, app.token, 'POST', '/api/apps/import', { dsl: difyAgent, name: 'Trip planner' });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  assert.equal(imported.body.report.runnable, true);
  const line = imported.body.report.nodes.find((n) => n.nodeId === 'planner');
  assert.equal(line.outcome, 'attention');
  assert.match(line.details.join(' '), /Replace tool ddgo_search/);
  const appId = imported.body.app.id;
  const doc = await pageAPI(page, app.token, 'GET', `/api/apps/${appId}/dsl`);
  assert.deepEqual(doc.body.problems, [], JSON.stringify(doc.body.problems));
  await page.goto(`${app.origin}/#/studio/${appId}`);
  await stepNode(page, 'planner').click();
  const panel = page.getByTestId('node-panel');
  const note = panel.getByTestId('agent-dify-tools');
  await note.waitFor();
  assert.match(await note.textContent(), /ddgo_search \(langgenius\/duckduckgo\/duckduckgo\)\. A tool without a Lexflow equivalent is offered as a placeholder/);
  assert.equal(await panel.locator('.panel-error').count(), 0, 'no tool needs choosing');
  // Its settings were moved into the agent's own fields on import, so the panel shows them.
  assert.equal(await panel.getByTestId('agent-instruction').inputValue(), 'Plan the trip.');
  await note.scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'studio-dify-agent');
  // Choosing a Lexflow tool replaces the ones from Dify.
  await panel.getByTestId('agent-tool-current_time').check();
  await panel.getByText('are replaced by the ones chosen below').waitFor();
  assert.deepEqual(browser.errors, []);
  await page.close();
});
