// Library end to end: real sample statutes dropped onto the window (synthesised
// drop events carrying real files), ingestion progress to ready, a search, and
// the source viewer highlighting exactly the hit's text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLexflow, launchBrowser, screenshot } from './harness.mjs';

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'corpus');
let app, browser;

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

/** The sample files to drop: one PDF, DOCX and HTML at least, as {name, mime, base64}. */
function sampleFiles() {
  const types = { '.pdf': 'application/pdf', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.html': 'text/html' };
  return readdirSync(corpus)
    .filter((f) => types[path.extname(f)])
    .map((f) => ({ name: f, mime: types[path.extname(f)], base64: readFileSync(path.join(corpus, f)).toString('base64') }));
}

/** Dispatches dragenter/dragover/drop with a DataTransfer holding real File objects. */
async function dropFiles(page, selector, files) {
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.mime }));
    }
    return dt;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page.dispatchEvent(selector, type, { dataTransfer });
  }
}

test('drop statutes, watch them index, search, and open the cited span', async () => {
  const files = sampleFiles();
  assert.ok(files.length >= 3, `sample corpus has ${files.length} droppable files`);
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Library' }).click();
  await page.getByRole('button', { name: 'New collection' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Statutes');
  await dialog.getByRole('button', { name: /create|save/i }).click();
  await page.getByTestId('drop-zone').waitFor();

  await dropFiles(page, '[data-testid="drop-zone"]', files);
  for (const f of files) {
    await page.locator(`[data-testid="document-row"][data-document-name="${f.name}"][data-status="ready"]`).waitFor({ timeout: 60000 });
  }
  await screenshot(page, 'library-ingested');

  const box = page.getByTestId('search-box');
  await box.fill('notice period termination');
  await box.press('Enter');
  const firstHit = page.getByTestId('search-hit').first();
  await firstHit.waitFor();
  assert.match(await firstHit.locator('mark').first().textContent(), /\w/);
  await screenshot(page, 'library-search');

  const chunkId = await firstHit.getAttribute('data-chunk-id');
  const chunk = await page.evaluate(
    async ({ token, query }) => {
      const res = await fetch('/api/search', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, collectionIds: [], documentIds: [], topK: 10 }),
      });
      return (await res.json()).hits[0].chunk;
    },
    { token: app.token, query: 'notice period termination' },
  );
  assert.equal(chunk.id, chunkId);
  await firstHit.click();
  const highlight = page.getByTestId('source-highlight');
  await highlight.waitFor();
  assert.equal((await highlight.textContent()).trim(), chunk.text.trim(), 'the highlighted span is the hit text');
  const locator = await page.getByTestId('source-locator').textContent();
  for (const heading of chunk.locator.headingPath) assert.ok(locator.includes(heading), `locator shows ${heading}`);
  await screenshot(page, 'library-source');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('a duplicate and an unsupported file each get their own outcome', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Library' }).click();
  await page.getByRole('link', { name: 'Statutes', exact: true }).click();
  const [first] = sampleFiles();
  const junk = { name: 'notes.xyz', mime: 'application/octet-stream', base64: Buffer.from('not a document').toString('base64') };
  await dropFiles(page, '[data-testid="drop-zone"]', [first, junk]);
  await page.locator(`[data-testid="upload-row"][data-file-name="${first.name}"]`).getByText(/already in this collection/i).waitFor({ timeout: 20000 });
  await page.locator(`[data-testid="document-row"][data-document-name="notes.xyz"][data-status="failed"]`)
    .or(page.locator(`[data-testid="upload-row"][data-file-name="notes.xyz"][data-status="failed"]`))
    .first()
    .waitFor({ timeout: 20000 });
  await screenshot(page, 'library-outcomes');
  await page.close();
});

test('a file with a bad name fails alone: the files before and after it are added', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Library' }).click();
  await page.getByRole('link', { name: 'Statutes', exact: true }).click();
  const text = (n) => Buffer.from(`Article ${n}. A consumer may cancel a distance contract within ${n} days.`).toString('base64');
  const files = [
    { name: 'before-notes.txt', mime: 'text/plain', base64: text(14) },
    // The browser sends a NUL in a file name as it is (only CR, LF and " are escaped).
    { name: 'nul\u0000name.txt', mime: 'text/plain', base64: text(15) },
    { name: 'after-notes.txt', mime: 'text/plain', base64: text(16) },
  ];
  const [responded] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/documents$/.test(r.url())),
    dropFiles(page, '[data-testid="drop-zone"]', files),
  ]);
  const outcomes = await responded.json();
  assert.deepEqual(
    outcomes.map((o) => [o.part, Boolean(o.document), o.error?.code ?? null]),
    [
      [1, true, null],
      [2, false, 'bad_request'],
      [3, true, null],
    ],
  );
  // (A CSS selector cannot name a NUL, so the failed row is found by its status and reason.)
  await page.locator('[data-testid="upload-row"][data-status="failed"]').filter({ hasText: /holds a NUL character/i }).waitFor({ timeout: 20000 });
  for (const name of ['before-notes.txt', 'after-notes.txt']) {
    await page.locator(`[data-testid="document-row"][data-document-name="${name}"][data-status="ready"]`).waitFor({ timeout: 30000 });
  }
  await screenshot(page, 'library-bad-name-outcomes');
  await page.close();
});

test('one click loads the sample library, Arabic included', async () => {
  const fresh = await startLexflow();
  const page = await browser.context.newPage();
  try {
    await page.goto(fresh.url);
    await page.getByRole('link', { name: 'Library' }).click();
    await page.getByRole('button', { name: 'Load sample library' }).click();
    const rows = page.getByTestId('document-row');
    await rows.first().waitFor({ timeout: 20000 });
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid="document-row"]')];
        return rows.length >= 10 && rows.every((r) => r.getAttribute('data-status') === 'ready');
      },
      null,
      { timeout: 60000 },
    );
    // The statutes loaded in several formats: each copy says which file it repeats (the text
    // format is the one searched), and a search finds each clause once, naming the other files.
    // A copy may be found when the file it repeats finishes, after its own row was ready.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="same-text-note"]').length >= 5, null, { timeout: 20000 });
    const notes = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-testid="document-row"]')]
          .filter((r) => r.querySelector('[data-testid="same-text-note"]'))
          .map((r) => [r.getAttribute('data-document-name'), r.querySelector('[data-testid="same-text-note"]').textContent.trim()]),
      ),
    );
    assert.deepEqual(notes, {
      'eg-civil-code-excerpt-ar.html': 'Same text as eg-civil-code-excerpt-ar.docx',
      'eg-civil-code-excerpt-ar.pdf': 'Same text as eg-civil-code-excerpt-ar.docx',
      'eu-gdpr-excerpt.pdf': 'Same text as eu-gdpr-excerpt.html',
      'sample-services-agreement.md': 'Same text as sample-services-agreement.docx',
      'uk-consumer-rights-act-2015-excerpt.pdf': 'Same text as uk-consumer-rights-act-2015-excerpt.docx',
    });
    await page.locator('[data-document-name="uk-consumer-rights-act-2015-excerpt.pdf"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'library-sample-copies');

    const box = page.getByTestId('search-box');
    await box.fill('the trader must perform the service with reasonable care and skill');
    await box.press('Enter');
    await page.getByTestId('search-hit').first().waitFor();
    const hits = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="search-hit"]')].map((h) => ({
        href: h.querySelector('.search-hit-link').getAttribute('href'),
        place: (h.querySelector('.search-hit-locator')?.textContent ?? '').trim(),
        text: h.querySelector('.search-hit-snippet').textContent.trim(),
        also: h.querySelector('[data-testid="search-hit-also"]')?.textContent.trim() ?? '',
      })),
    );
    const places = hits.map((h) => `${h.href.split('?')[0]} ${h.place}`);
    assert.equal(new Set(places).size, places.length, `each passage once: ${places.join(' | ')}`);
    const act = hits.find((h) => /reasonable care and skill/.test(h.text));
    assert.ok(act, 'the Act’s section is found');
    assert.equal(act.also, 'also in: uk-consumer-rights-act-2015-excerpt.pdf');
    assert.equal(hits.filter((h) => /reasonable care and skill/.test(h.text)).length, 1, 'the section is found once');
    await page.getByTestId('search-hit').filter({ hasText: 'also in' }).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'library-sample-search-copies');

    await box.fill('التعويض ضرر');
    await box.press('Enter');
    const hit = page.getByTestId('search-hit').first();
    await hit.waitFor();
    assert.match(await hit.textContent(), /المادة/);
    await screenshot(page, 'library-sample-arabic');
    await hit.click();
    await page.getByTestId('source-highlight').waitFor();
    await screenshot(page, 'library-source-arabic');
  } finally {
    await page.close();
    await fresh.stop();
  }
});
