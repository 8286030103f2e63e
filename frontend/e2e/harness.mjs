// Test harness for end-to-end tests: starts the real `lexflow serve` binary on a
// temporary data directory, the fake model server (real Ollama and OpenAI wire
// protocols), and Debian's Chromium through playwright-core. No browser download.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const artifacts = path.join(here, 'artifacts');
mkdirSync(artifacts, { recursive: true });

const lexflowBin = path.resolve(process.env.LEXFLOW_BIN ?? path.join(here, '..', '..', 'bin', 'lexflow'));
const fakeLLMBin = path.resolve(process.env.FAKELLM_BIN ?? path.join(here, '..', '..', 'bin', 'fakellm'));

/** Starts a process and resolves with the first stdout match of pattern. */
function startProcess(bin, args, pattern, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${path.basename(bin)} did not start in time:\n${out}${err}`)), 20000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m, output: () => out + err });
      }
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(bin)} exited with ${code}:\n${out}${err}`));
    });
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * Starts the fake model server; url serves Ollama at / and OpenAI at /v1. delay (e.g.
 * '200ms') is the pause between streamed chunks, for tests that act mid-stream.
 */
export async function startFakeLLM({ delay } = {}) {
  const args = ['--addr', '127.0.0.1:0', ...(delay ? ['--delay', delay] : [])];
  const { child, match } = await startProcess(fakeLLMBin, args, /FAKE_LLM_URL=(\S+)/);
  return { url: match[1], stop: () => stop(child) };
}

/**
 * Starts `lexflow serve` on a fresh data directory, or on dataDir to restart over an earlier
 * one (addr and args, e.g. ['--new-token'], as a user would give them). kill() ends it with
 * SIGKILL (a crash) and keeps the data directory; stop() removes it.
 */
export async function startLexflow({ dataDir = mkdtempSync(path.join(tmpdir(), 'lexflow-e2e-')), addr = '127.0.0.1:0', args = [] } = {}) {
  const { child, match, output } = await startProcess(
    lexflowBin,
    ['serve', '--addr', addr, '--data-dir', dataDir, ...args],
    /(http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/,
  );
  return {
    url: `${match[1]}/#token=${match[2]}`,
    origin: match[1],
    token: match[2],
    dataDir,
    output,
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
    stop: async () => {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches Debian's Chromium headless with the flags this machine needs. */
export async function launchBrowser() {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lexflow-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1360, height: 860 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const errors = [];
  context.on('page', (page) => watchPage(page, errors));
  for (const page of context.pages()) watchPage(page, errors);
  return {
    context,
    errors,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

// Page errors and CSP violations are collected so a test can assert there were none.
function watchPage(page, errors) {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text())) errors.push(`csp: ${msg.text()}`);
  });
}

export async function screenshot(page, name) {
  // Let transitions finish (a theme switch fades colours), so the picture shows the settled
  // page; endless animations (spinners) are left running.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {}))),
      new Promise((r) => setTimeout(r, 1000)),
    ]),
  );
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: false });
}

/** Takes the screenshot `name` in the light theme and `name-dark` in the dark one, and leaves the page light. */
export async function screenshotBothThemes(page, name) {
  await screenshot(page, name);
  await setTheme(page, 'dark');
  await screenshot(page, `${name}-dark`);
  await setTheme(page, 'light');
}

/** Calls the API from inside the page, with the app's token, as the UI does. */
export function pageAPI(page, token, method, path, body) {
  return page.evaluate(
    async ({ token, method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { token, method, path, body },
  );
}

/** Forces the light or dark theme for a screenshot. */
export async function setTheme(page, theme) {
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
}

/**
 * Waits until the sample library's documents are all ready or failed. The library goes into its own collection,
 * "Sample library" (api.SampleCollection), whatever other collections a test made before.
 */
export async function waitForSampleLibrary(page, token) {
  const deadline = Date.now() + 90000;
  for (;;) {
    const sample = (await pageAPI(page, token, 'GET', '/api/collections')).body.find((c) => c.name === 'Sample library');
    if (sample) {
      const docs = (await pageAPI(page, token, 'GET', `/api/collections/${sample.id}/documents`)).body;
      if (docs.length >= 10 && docs.every((d) => d.status === 'ready' || d.status === 'failed')) return;
    }
    if (Date.now() > deadline) throw new Error('the sample library did not finish indexing');
    await page.waitForTimeout(500);
  }
}
