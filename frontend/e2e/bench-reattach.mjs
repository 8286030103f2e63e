// Re-attach benchmark: asks the sample library a question with the fake model streaming
// slowly, reloads the page mid-answer RELOADS times (a new question when an answer ends) and
// measures, from the start of each reload, until the streaming answer's replayed text is on
// screen, until the answer itself is, and until DOMContentLoaded. Prints a Markdown table.
// Reloads that land after the answer ended are not counted. E2E_TIMING=1 also prints
// where each reload's time went.
//
//   make bin/lexflow bin/fakellm && cd frontend && LEXFLOW_BIN=../bin/lexflow FAKELLM_BIN=../bin/fakellm node e2e/bench-reattach.mjs
import { launchBrowser, startFakeLLM, startLexflow } from './harness.mjs';
import { ask, logReloadTiming, preferFakeModel, prepareChat, recordAnswers, streamsNow, timeReload, waitForStreamedWords, words } from './chatPage.mjs';

const RELOADS = Number(process.env.BENCH_RELOADS ?? 15);
const DELAY = '150ms'; // between streamed words: an answer streams for several seconds
const SETTLE_MS = 400; // after a reload, before the next: the replay and its requests are over
const QUESTION = 'Must a trader perform a service with reasonable care and skill?';
const TARGET_MS = 200;
const timing = Boolean(process.env.E2E_TIMING);

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** Starts a new conversation with the question and waits until its answer streams. */
async function askAnew(page) {
  await page.evaluate(() => (location.hash = '#/chat'));
  await page.getByTestId('chat-welcome').waitFor();
  await ask(page, QUESTION);
  await page.waitForURL(/#\/chat\/[^/?]+$/);
  await waitForStreamedWords(page, 2);
}

/** One reload mid-answer, or null when the answer ended before it replayed. */
async function reloadOnce(page) {
  const before = await page.locator('[data-testid="answer-body"]').first().textContent();
  const seen = await timeReload(page);
  if (timing) await logReloadTiming(page);
  if (seen.status !== 'streaming') return null;
  // The replay shows at least what was there (the last word may have been cut).
  if (words(seen.text).length < words(before).length - 1) throw new Error(`the replay lost text: "${before}" then "${seen.text}"`);
  return seen;
}

async function measure(page) {
  const samples = [];
  while (samples.length < RELOADS) {
    if (!(await streamsNow(page, 2))) await askAnew(page);
    const seen = await reloadOnce(page);
    if (seen) samples.push(seen);
    await page.waitForTimeout(SETTLE_MS);
  }
  return samples;
}

function printTable(samples) {
  const row = (what, xs, target) => {
    const [p50, p95, max] = [quantile(xs, 0.5), quantile(xs, 0.95), Math.max(...xs)].map((v) => `${Math.round(v)} ms`);
    return `| ${what} | ${p50} | ${p95} | ${max} | ${target} |`;
  };
  console.log(`| reload mid-answer (${samples.length}×), from the reload's start | median | p95 | max | target |\n|---|---|---|---|---|`);
  console.log(row('first replayed answer text visible', samples.map((s) => s.textAt), `≤ ${TARGET_MS} ms`));
  console.log(row('streaming answer shown', samples.map((s) => s.messageAt), '—'));
  console.log(row('DOMContentLoaded', samples.map((s) => s.domContentLoaded), '—'));
}

async function main() {
  const [llm, lexflow, browser] = await Promise.all([startFakeLLM({ delay: DELAY }), startLexflow(), launchBrowser()]);
  try {
    const providerId = await prepareChat(lexflow, llm);
    const page = await browser.context.newPage();
    await recordAnswers(page, { timing });
    await page.goto(lexflow.url);
    await preferFakeModel(page, providerId);
    printTable(await measure(page));
    if (browser.errors.length > 0) throw new Error(browser.errors.join('\n'));
  } finally {
    await browser.close();
    await lexflow.stop();
    await llm.stop();
  }
}

await main();
