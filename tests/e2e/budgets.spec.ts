import { test, expect, Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { putInLibrary } from './long_game';
import { throttled } from './long_tasks';

// Issue 19's browser budgets, in Chromium at 4× CPU throttle (CDP): the longest main-thread
// task (a 'longtask' PerformanceObserver installed before the app loads), and resuming a long
// battle. Every figure is printed as `budget NAME VALUE ms budget B ok|over` and written to
// artifacts/budgets.json for the README's table. The figures the app meets on any machine are
// also asserted, within MARGIN times their budget: resuming from the checkpoint (4-76 ms with
// eight builds on two cores, session 15, load 30-38; seconds if it replayed), the page's tasks
// while the worker works out the odds (0 ms; 158 ms or more if the page worked them out), and,
// since session 16, an order and its undo late in the long game (52-85 ms at load 21-30 once
// only the counters that changed are drawn again, the log's entries likewise, and the prompt's
// buttons numbered only while the keyboard is in use; 117 and 171 ms before at load 23, the
// undo over what is asserted; in session 17, quiet machine: no task over 50 ms for the order in
// 2 runs of 3 (55 ms the third; 56 on main) once the map and the drawer are drawn in tasks of
// their own after the prompt). MARGIN is 3: the CI machine may be as loaded as this one, where
// a task stretches to twice its quiet length, and more. The others are printed until they are
// met with room: the history read back (95-106 ms quiet in session 17: a slice cannot be
// shorter than its longest command, and a few of the long game's take that long in the engine:
// command ranges, the formation search), opening the long game (64-74 ms quiet: the wasm's
// start, the save read and the screen drawn; the map's hexes and its counters come in tasks of
// their own after), resolving a shock (71-73 ms quiet: the engine's resolution and the prompt
// drawn in the tap's task; carrying the command out a task before adopting it brought it to
// 50-61 ms at load 15-21, but let a quick second tap or an undo play on the game before it).
// Behaviour is asserted too: the game resumes from its checkpoint, its history is read back,
// the odds come from the worker.

const BUDGET_MS = 50;
const MARGIN = 3;
// A random battle of Issus, 1,200 commands (seed 1; written by the web crate's test
// a_long_battle_resumes_from_its_checkpoint_as_replayed).
const LONG_GAME = readFileSync('e2e/fixtures/issus-long.sarissa', 'utf8');
// A Granicus shock where adding the Phrygian horse makes a combat that may be split (9.12).
const SPLIT_POSITION = readFileSync('e2e/fixtures/granicus-split.link', 'utf8').trim();

/// The longest task that began from `since` until `until` (ms on the page's clock), and how
/// many went over budget.
async function longest(page: Page, since = 0, until = Infinity) {
  return page.evaluate(([since, until, budget]) => {
    const tasks = window.sarissaLongTasks.filter((t) => t.start >= since && t.start < until);
    return { longest: Math.round(Math.max(0, ...tasks.map((t) => t.duration))), over: tasks.filter((t) => t.duration > budget).length };
  }, [since, until, BUDGET_MS] as const);
}

/// A time the app put on the page's root element (ms on the page's clock).
const stamped = async (page: Page, name: string) => Number(await page.locator('html').getAttribute(name));

const now = (page: Page) => page.evaluate(() => performance.now());

const verdicts: { name: string; ms: number; budget: number; ok: boolean }[] = [];

/// Records one figure against its budget: printed in bench's style and kept for the artifact.
function budget(name: string, ms: number, limit = BUDGET_MS) {
  const ok = ms <= limit;
  verdicts.push({ name, ms: Math.round(ms), budget: limit, ok });
  console.log(`budget ${name} ${Math.round(ms)} ms budget ${limit} ${ok ? 'ok' : 'over'}`);
}

/// The figures met, asserted once all of a test's figures are printed: each within MARGIN
/// times its budget.
function assertMet(...names: string[]) {
  for (const name of names) {
    const v = verdicts.find((v) => v.name === name);
    expect(v, `no figure ${name}`).toBeDefined();
    expect(v!.ms, `${name} (budget ${v!.budget} ms, asserted within ${MARGIN}x)`).toBeLessThanOrEqual(v!.budget * MARGIN);
  }
}

test.afterAll(() => {
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/budgets.json', JSON.stringify(verdicts, null, 2));
});

test('a long battle resumes from its checkpoint and reads its history back in slices', async ({ page }) => {
  test.setTimeout(180_000);
  await throttled(page);
  await putInLibrary(page, LONG_GAME);
  // No checkpoint yet (a game stored by an earlier version): replayed once, then checkpointed.
  await page.goto('/#/play');
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible({ timeout: 60_000 });
  const replayMs = await stamped(page, 'data-resume-ms');
  await expect(page.locator('html')).toHaveAttribute('data-history', 'read', { timeout: 60_000 });
  const first = await longest(page);
  expect(await page.evaluate(() => localStorage.getItem('sarissa.checkpoint.g1'))).toBeTruthy();

  // From its checkpoint, three times: the best of three, as the machine may be busy with other
  // builds (the history is read back each time; the last one is measured below).
  const resumes: number[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await expect(page.locator('html')).toHaveAttribute('data-history', 'read', { timeout: 60_000 });
    await page.reload();
    await expect(page.locator('.map-viewport[data-scale]')).toBeVisible({ timeout: 60_000 });
    resumes.push(await stamped(page, 'data-resume-ms'));
  }
  const resumeMs = Math.min(...resumes);
  const shown = await now(page);
  const opening = await longest(page, 0, shown);
  await expect(page.locator('html')).toHaveAttribute('data-history', 'read', { timeout: 60_000 });
  // Reading back, slice by slice; then the screen is drawn once more with the whole log, as
  // after any order.
  const read = await stamped(page, 'data-history-at');
  const readBack = await longest(page, shown, read);
  await page.waitForTimeout(1_000);
  const redraw = await longest(page, read);
  console.log(`issue 19 (4x throttle): resume 1,200-command Issus: ${replayMs.toFixed(0)} ms replaying, ` +
    `${resumes.map((r) => r.toFixed(0)).join(' / ')} ms from its checkpoint; longest task opening it: ${first.longest} ms without a checkpoint, ` +
    `${opening.longest} ms with one (wasm start and first drawing of the map included); longest while reading its ` +
    `history back: ${readBack.longest} ms; drawing the screen again after: ${redraw.longest} ms`);
  budget('resume-long-game', resumeMs);
  // Each slice replays 8 ms of commands.
  budget('longest-task-reading-history-back', readBack.longest);
  budget('longest-task-opening-long-game', opening.longest);
  // Its log is all there once read, and undo says why it is refused, on screen.
  // The log is in the drawer over the map (issue 20): opened first if it is shut.
  if (await page.locator('.panel').isHidden()) await page.locator('.drawer-toggle').tap();
  await page.locator('.tab-log').tap();
  await expect(page.locator('.log-entry').first()).toBeAttached();
  await page.screenshot({ path: 'artifacts/budgets-long-issus.png' });
  await expect(page.locator('.prompt .undo-why')).toHaveText('The last order rolled a die, so it stands.');
  // An order late in the long game, and undoing it: the session is copied for each, the log
  // draws only its latest entries, and the save is written in a task of its own after.
  const ordering = await now(page);
  await page.locator('.prompt .act', { hasText: 'Activate Nabarzanes' }).tap();
  await expect(page.locator('.prompt .act.undo')).toBeEnabled({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const order = await longest(page, ordering);
  const undoing = await now(page);
  await page.locator('.prompt .act.undo').tap();
  await expect(page.locator('.prompt .act', { hasText: 'Activate Nabarzanes' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const undo = await longest(page, undoing);
  console.log(`issue 19 (4x throttle): at the end of the long Issus game, longest task for an order ${order.longest} ms, ` +
    `for undoing it ${undo.longest} ms`);
  budget('longest-task-order-late-in-long-game', order.longest);
  budget('longest-task-undo-late-in-long-game', undo.longest);
  assertMet('resume-long-game', 'longest-task-order-late-in-long-game', 'longest-task-undo-late-in-long-game');
});

test('the odds of a shock are worked out off the page: no long task while the players choose', async ({ page }) => {
  test.setTimeout(120_000);
  await throttled(page);
  await page.goto('/');
  await page.goto(`/#${SPLIT_POSITION}`);
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.prompt-text')).toContainText('the shock', { timeout: 60_000 });
  await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 60_000 });
  const opened = await longest(page);
  const since = await now(page);
  await page.locator('.prompt .act.shock-toggle').first().tap();
  await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 60_000 });
  const ways = page.locator('.prompt .act.shock-grouping');
  await expect(ways).toHaveCount(2);
  await ways.nth(1).tap();
  await expect(ways.nth(1)).toHaveClass(/\bon\b/);
  await expect(page.locator('.odds-combat')).toHaveCount(2, { timeout: 60_000 });
  const choosing = await longest(page, since);
  // From the moment the odds of the split were asked for until they were shown: the worker
  // works them out; the page only sends the position and draws the bars.
  const [asked, answered] = [await stamped(page, 'data-odds-asked'), await stamped(page, 'data-odds-shown')];
  expect(answered).toBeGreaterThan(asked);
  const waiting = await longest(page, asked, answered + 1);
  const resolving = await now(page);
  await page.locator('.prompt .act.resolve-shock').tap();
  await expect(page.locator('.odds-combat')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForTimeout(500);
  const resolved = await longest(page, resolving);
  console.log(`issue 19 (4x throttle): longest task opening a Granicus position ${opened.longest} ms; ` +
    `choosing attackers and a split ${choosing.longest} ms (drawing the screen again); while the odds are ` +
    `worked out and shown ${waiting.longest} ms (${(answered - asked).toFixed(0)} ms from asking to showing); ` +
    `resolving the shock ${resolved.longest} ms`);
  budget('longest-task-while-odds-worked-out', waiting.longest);
  budget('longest-task-resolving-shock', resolved.longest);
  assertMet('longest-task-while-odds-worked-out');
});

/// Records when each Web Worker of the pages to come was made and when each of its messages
/// arrived (its "ready", then its answers), and when the page first asked for odds, on the page's
/// clock.
async function watchWorkers(page: Page) {
  await page.addInitScript(() => {
    const times: { made: number; messages: number[] }[] = [];
    (window as any).sarissaWorkers = times;
    const Made = window.Worker;
    window.Worker = class extends Made {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const t: (typeof times)[number] = { made: performance.now(), messages: [] };
        times.push(t);
        this.addEventListener('message', () => t.messages.push(performance.now()));
      }
    };
    // The odds view stamps each asking; the first is the one the worker answers first.
    new MutationObserver(() => {
      const asked = document.documentElement.getAttribute('data-odds-asked');
      if (asked && (window as any).sarissaFirstAsked === undefined) (window as any).sarissaFirstAsked = Number(asked);
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-odds-asked'] });
  });
}

test('the Web Worker starts with the app, and answers the first odds: its times at 4x', async ({ page }) => {
  test.setTimeout(120_000);
  await throttled(page);
  await watchWorkers(page);
  const runs: string[] = [];
  // A first visit, then the page opened again (the browser may keep the wasm compiled).
  for (const visit of ['first-visit', 'again']) {
    await page.goto('about:blank');
    await page.goto('/');
    // The same position again, not the question whether to keep both.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/#${SPLIT_POSITION}`);
    await expect(page).toHaveURL(/#\/play$/);
    await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 60_000 });
    const workers = await page.evaluate(() => (window as any).sarissaWorkers);
    // One worker, made as the app started: it says it is ready, then answers (the odds first:
    // its warm-up answers when it is over, seconds later).
    expect(workers).toHaveLength(1);
    const { made, messages } = workers[0];
    const ready = messages[0];
    expect(ready).toBeGreaterThan(made);
    // The odds wait for the worker from when they are first asked (or it is made, if later)
    // until its next answer.
    const asked = Math.max(made, await page.evaluate(() => (window as any).sarissaFirstAsked));
    const answered: number = messages.slice(1).find((at: number) => at > asked) ?? NaN;
    expect(answered).toBeGreaterThan(ready);
    runs.push(`${visit}: ready ${(ready - made).toFixed(0)} ms after it was made, its first answer ${(answered - asked).toFixed(0)} ms after the odds were asked`);
    budget(`worker-ready-${visit}`, ready - made, 1000);
    budget(`worker-first-odds-${visit}`, answered - asked, 2000);
  }
  console.log(`issue 19 (4x throttle): the Web Worker, ${runs.join('; ')}`);
});

test('the Web Worker\'s script is kept for offline play by the service worker, and the build has one wasm', async ({ page }) => {
  const sw = await (await page.request.get('/sw.js')).text();
  const files = [...sw.matchAll(/^  '([^']+)',$/gm)].map((m) => m[1]);
  expect(files).toContain('worker.js');
  // The worker runs the page's wasm: no second one to download.
  expect(files.filter((f) => f.endsWith('.wasm'))).toHaveLength(1);
});
