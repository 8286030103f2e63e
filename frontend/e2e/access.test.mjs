// Access to the serve face in a real browser: the token link leaves a session cookie, so
// new tabs and bookmarks open Lexflow, across restarts on the same port, until the token is
// replaced; a browser that never opened the link is told where to find it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { rmSync } from 'node:fs';
import { startLexflow, launchBrowser, screenshotBothThemes } from './harness.mjs';

let app, browser, addr;

/** A loopback port free right now, so the restarts below keep one address like the default port does. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

before(async () => {
  addr = `127.0.0.1:${await freePort()}`;
  [app, browser] = await Promise.all([startLexflow({ addr }), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

async function appOpens(page) {
  await page.getByRole('link', { name: 'Library' }).waitFor();
  assert.equal(await page.getByText('This page needs its access link').count(), 0);
}

test('after the link, a new tab without the token opens the app and can change things', async () => {
  const linked = await browser.context.newPage();
  await linked.goto(app.url);
  await appOpens(linked);

  const tab = await browser.context.newPage();
  await tab.goto(`${app.origin}/#/settings/providers`);
  await appOpens(tab);
  await tab.getByRole('button', { name: 'Add provider' }).waitFor();
  const created = await tab.evaluate(async () => {
    const res = await fetch('/api/collections', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Opened from a bookmark' }),
    });
    return res.status;
  });
  assert.equal(created, 201, 'a tab riding on the cookie can create a collection');
  const cookies = await browser.context.cookies(app.origin);
  const session = cookies.find((c) => c.name.startsWith('lexflow_session_'));
  assert.ok(session, `no session cookie in ${JSON.stringify(cookies.map((c) => c.name))}`);
  assert.equal(session.httpOnly, true);
  assert.equal(session.sameSite, 'Strict');
  assert.equal(await tab.evaluate(() => document.cookie), '', 'the page cannot read its session');
  assert.deepEqual(browser.errors, []);
  await linked.close();
  await tab.close();
});

test('a browser that never opened the link is told where to get it', async () => {
  const stranger = await launchBrowser();
  try {
    const page = await stranger.context.newPage();
    await page.goto(`${app.origin}/`);
    await page.getByRole('heading', { name: 'This page needs its access link' }).waitFor();
    const text = await page.locator('main').textContent();
    assert.match(text, /lexflow serve/);
    assert.match(text, new RegExp(`${app.origin.replace(/[.]/g, '\\.')}/#token=`));
    await screenshotBothThemes(page, 'access-needs-link');
  } finally {
    await stranger.close();
  }
});

test('a bookmark works after a restart, and no longer after --new-token', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await appOpens(page);

  await app.kill();
  app = await startLexflow({ dataDir: app.dataDir, addr });
  assert.equal(app.url, page.url().split('#')[0] + `#token=${app.token}`, 'the same address and token after a restart');
  await page.goto(`${app.origin}/#/library`);
  await appOpens(page);

  const oldToken = app.token;
  await app.kill();
  app = await startLexflow({ dataDir: app.dataDir, addr, args: ['--new-token'] });
  assert.notEqual(app.token, oldToken);
  const fresh = await browser.context.newPage();
  await fresh.goto(`${app.origin}/#/library`);
  await fresh.getByRole('heading', { name: 'This page needs its access link' }).waitFor();
  await fresh.goto(app.url);
  await appOpens(fresh);
  await fresh.close();
  await page.close();
});

process.on('exit', () => app && rmSync(app.dataDir, { recursive: true, force: true }));
