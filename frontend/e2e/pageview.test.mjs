// The source viewer's Page view end to end: a real PDF ingested by the real binary, opened at
// a cited span, shown as the engine draws its page with the quote marked. The marks are
// checked in the DOM (inside the page's image) and on the screenshot (over ink, in yellow).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLexflow, launchBrowser, pageAPI, screenshot, setTheme } from './harness.mjs';

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'corpus');
const pdfName = 'us-constitution-excerpt.pdf';
const quote = 'We the People of the United States';
let app, browser;

before(async () => {
  [app, browser] = await Promise.all([startLexflow(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

/** Uploads a sample file into a new collection through the API and waits until it is ready. */
async function ingest(page, name, collectionName) {
  const collection = (await pageAPI(page, app.token, 'POST', '/api/collections', { name: collectionName, description: '' })).body;
  const base64 = readFileSync(path.join(corpus, name)).toString('base64');
  const [result] = await page.evaluate(
    async ({ token, id, name, base64 }) => {
      const form = new FormData();
      form.append('files', new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'application/pdf' }));
      const res = await fetch(`/api/collections/${id}/documents`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return res.json();
    },
    { token: app.token, id: collection.id, name, base64 },
  );
  assert.ok(result.document, `upload: ${JSON.stringify(result)}`);
  const deadline = Date.now() + 60000;
  for (;;) {
    const docs = (await pageAPI(page, app.token, 'GET', `/api/collections/${collection.id}/documents`)).body;
    const doc = docs.find((d) => d.id === result.document.id);
    if (doc?.status === 'ready') return { collection, doc };
    assert.notEqual(doc?.status, 'failed', doc?.error);
    if (Date.now() > deadline) throw new Error(`${name} did not become ready`);
    await page.waitForTimeout(200);
  }
}

/** Code-point offsets of a phrase in a document's text, as locators count them. */
async function spanOf(page, docId, phrase) {
  const source = (await pageAPI(page, app.token, 'GET', `/api/documents/${docId}/source`)).body;
  const at = source.text.indexOf(phrase);
  assert.ok(at >= 0, `the text holds "${phrase}"`);
  const start = Array.from(source.text.slice(0, at)).length;
  return { start, end: start + Array.from(phrase).length, source };
}

/**
 * Reads a screenshot's pixels in the browser (no image library in Node) and, for each box
 * (CSS pixels of the screenshot), counts highlighter-yellow and ink pixels inside it; and
 * counts yellow pixels in the rest of the page's image.
 */
async function inkAndYellow(page, png, boxes, image) {
  return page.evaluate(
    async ({ base64, boxes, image }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const scale = bitmap.width / window.innerWidth;
      const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const kind = (x, y) => {
        const i = (Math.round(y * scale) * bitmap.width + Math.round(x * scale)) * 4;
        const [r, g, b] = [px[i], px[i + 1], px[i + 2]];
        if (r > 200 && g > 170 && b < 170 && r - b > 60) return 'yellow';
        if (r + g + b < 330) return 'ink';
        return 'other';
      };
      const inside = (x, y) => boxes.some((b) => x >= b.x - 3 && x <= b.x + b.width + 3 && y >= b.y - 3 && y <= b.y + b.height + 3);
      const perBox = boxes.map((b) => {
        const n = { yellow: 0, ink: 0, all: 0 };
        for (let y = b.y + 1; y < b.y + b.height - 1; y += 1)
          for (let x = b.x + 1; x < b.x + b.width - 1; x += 1) {
            n[kind(x, y)] = (n[kind(x, y)] ?? 0) + 1;
            n.all++;
          }
        return n;
      });
      let strayYellow = 0;
      for (let y = image.y + 2; y < image.y + image.height - 2; y += 2)
        for (let x = image.x + 2; x < image.x + image.width - 2; x += 2) if (!inside(x, y) && kind(x, y) === 'yellow') strayYellow++;
      return { perBox, strayYellow };
    },
    { base64: png.toString('base64'), boxes, image },
  );
}

test('the Page view draws the PDF page and marks the cited words', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const { collection, doc } = await ingest(page, pdfName, 'Constitution');
  const { start, end, source } = await spanOf(page, doc.id, quote);
  const onPage = source.pages.find((p) => p.start <= start && end <= p.end);
  assert.equal(onPage?.page, 1, 'the preamble is on page 1');

  await page.goto(`${app.origin}/#/library/${collection.id}/documents/${doc.id}?start=${start}&end=${end}`);
  assert.equal((await page.getByTestId('source-highlight').textContent()).trim(), quote);
  await page.getByRole('tab', { name: 'Page' }).click();

  const image = page.getByTestId('page-image');
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid="page-image"]');
    return img?.complete && img.naturalWidth > 0;
  });
  const marks = page.getByTestId('page-highlight');
  await marks.first().waitFor();
  assert.equal(await page.getByTestId('page-number').inputValue(), '1');
  assert.match(await page.getByTestId('page-status').textContent(), /highlighted on this page/);

  // In the DOM: at least one mark, each inside the image, together about the phrase's width.
  const img = await image.boundingBox();
  const natural = await image.evaluate((el) => ({ w: el.naturalWidth, h: el.naturalHeight }));
  assert.ok(Math.abs(img.width / img.height - natural.w / natural.h) < 0.01, 'the image keeps the page’s proportions');
  const boxes = [];
  for (const m of await marks.all()) boxes.push(await m.boundingBox());
  assert.ok(boxes.length >= 1);
  for (const b of boxes) {
    assert.ok(b.x >= img.x - 3 && b.y >= img.y - 3 && b.x + b.width <= img.x + img.width + 3 && b.y + b.height <= img.y + img.height + 3,
      `mark ${JSON.stringify(b)} lies inside the image ${JSON.stringify(img)}`);
    assert.ok(b.height > 6 && b.height < 40, `a mark is one line high: ${b.height}`);
  }
  const marked = boxes.reduce((w, b) => w + b.width, 0);
  assert.ok(marked > img.width * 0.15 && marked < img.width * 0.9, `the marks span the phrase: ${marked} of ${img.width}`);
  assert.ok(boxes[0].y < img.y + img.height / 2, 'the preamble is in the top half of page 1');

  // On the screenshot: each mark is yellow over ink (words), and nothing else on the page is.
  await screenshot(page, 'library-page-view');
  const shot = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', 'library-page-view.png'));
  const { perBox, strayYellow } = await inkAndYellow(page, shot, boxes, img);
  for (const [i, n] of perBox.entries()) {
    assert.ok(n.yellow > n.all * 0.35, `mark ${i} is highlighter yellow: ${JSON.stringify(n)}`);
    assert.ok(n.ink > n.all * 0.05, `mark ${i} lies over printed words: ${JSON.stringify(n)}`);
  }
  assert.ok(strayYellow < 40, `no yellow outside the marks (${strayYellow} pixels)`);

  // Keyboard: the page region pages with the arrows; the way back to the passage is offered.
  await page.getByRole('region', { name: /^Page 1 of/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('region', { name: /^Page 2 of/ }).waitFor();
  await page.getByRole('button', { name: 'Go to page 1' }).click();
  await page.getByRole('region', { name: /^Page 1 of/ }).waitFor();
  await marks.first().waitFor();

  await setTheme(page, 'dark');
  await screenshot(page, 'library-page-view-dark');
  await setTheme(page, 'light');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('an Arabic article is marked on its page too', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  const { collection, doc } = await ingest(page, 'eg-civil-code-excerpt-ar.pdf', 'القانون المدني');
  const { start, end } = await spanOf(page, doc.id, 'العقد شريعة المتعاقدين');
  await page.goto(`${app.origin}/#/library/${collection.id}/documents/${doc.id}?start=${start}&end=${end}&view=page`);
  const image = page.getByTestId('page-image');
  await image.waitFor();
  const marks = page.getByTestId('page-highlight');
  await marks.first().waitFor();
  const img = await image.boundingBox();
  for (const m of await marks.all()) {
    const b = await m.boundingBox();
    assert.ok(b.x >= img.x - 3 && b.x + b.width <= img.x + img.width + 3 && b.y >= img.y - 3 && b.y + b.height <= img.y + img.height + 3);
  }
  await screenshot(page, 'library-page-view-arabic');
  assert.deepEqual(browser.errors, []);
  await page.close();
});
