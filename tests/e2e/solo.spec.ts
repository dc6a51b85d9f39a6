import { test, expect, Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'fs';

// Playing alone (issue 21) at tablet size with touch: a side chosen for the computer at the
// start of Samarkand thinks in the Web Worker, says so in the prompt, and plays its commands
// into the log one by one; computer against computer plays on by itself. The longest
// main-thread task while it thinks (a 'longtask' PerformanceObserver) and the longest of each
// figure are printed, not asserted (a timed test fails on a busy machine); medians are asserted
// with wide margins.

declare global {
  interface Window { sarissaLongTasks: { start: number; duration: number }[]; sarissaDecisions: number[]; sarissaZooms: number[] }
}

/// The page's long tasks, and when a person's tap on one of the prompt's buttons (a decision,
/// `.prompt .act`) was handled: a listener of the capture phase runs inside the tap's own task,
/// so a long task holding one of these times is the person's decision — handing the game to the
/// computer (issue 19's hand-over tap) — not the computer's thinking or playing (issue 21).
async function watchLongTasks(page: Page) {
  await page.addInitScript(() => {
    window.sarissaLongTasks = [];
    window.sarissaDecisions = [];
    window.sarissaZooms = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.sarissaLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    addEventListener('click', (e) => {
      const on = (e.target as Element | null)?.closest?.bind(e.target);
      if (on?.('.prompt .act')) window.sarissaDecisions.push(performance.now());
      if (on?.('.zoom-fit')) window.sarissaZooms.push(performance.now());
    }, true);
  });
}

/// One of the page's figures of the computer's play (`note` in web/src/components/computer.rs):
/// how many, the median and the longest (ms).
type Figure = { count: number; median: number; longest: number };
async function figure(page: Page, name: string): Promise<Figure> {
  const html = page.locator('html');
  const [count, median, longest] = await Promise.all(['count', 'median', 'longest']
    .map((k) => html.getAttribute(`data-computer-${name}-${k}`)));
  return { count: Number(count ?? 0), median: Number(median ?? 0), longest: Number(longest ?? 0) };
}
const shown = (f: Figure) => `${f.count}, median ${f.median} ms, longest ${f.longest} ms`;

/// The longest main-thread task since `since` (ms on the page's clock; 0: none over 50 ms) and
/// the figures of the computer's play, printed: each decision's thinking in the worker (what
/// issue 21 compares with the native time), the worker's answers (a run of decisions each:
/// asked to answered on the page, and the part of that the worker was not busy), and on the page
/// carrying out each of the computer's commands, wording its
/// log entries and drawing it. The game file is written to
/// artifacts/solo-NAME.json, for `sarissa think --save` to time the same decisions natively.
async function printLongest(page: Page, name: string, since: number) {
  const [longest, decisionLongest, zoomLongest] = await page.evaluate((since) => {
    const tasks = window.sarissaLongTasks.filter((t) => t.start >= since);
    const holds = (times: number[]) => (t: { start: number; duration: number }) =>
      times.some((at) => at >= t.start && at <= t.start + t.duration);
    const [persons, zooms] = [holds(window.sarissaDecisions), holds(window.sarissaZooms)];
    const most = (ts: typeof tasks) => Math.round(Math.max(0, ...ts.map((t) => t.duration)));
    return [most(tasks.filter((t) => !persons(t) && !zooms(t))), most(tasks.filter(persons)), most(tasks.filter(zooms))];
  }, since);
  const [think, roundTrip, overhead, carryOut, wording, redraw] = await Promise.all(
    ['think', 'round-trip', 'overhead', 'carry-out', 'wording', 'redraw'].map((f) => figure(page, f)));
  const html = page.locator('html');
  // Issue 19: the game goes to the worker whole once, then only the commands given since.
  const [whole, outOfStep] = await Promise.all(['games-sent-whole', 'out-of-step'].map((k) => html.getAttribute(`data-worker-${k}`)));
  console.log(`solo ${name}: longest main-thread task while the computer played ${longest} ms ` +
    `(apart: the person's decisions, their taps' tasks with the command carried out and the screen drawn, longest ${decisionLongest} ms; ` +
    `the person's taps on ⤢, the whole map, while it thinks, longest ${zoomLongest} ms); ` +
    `decisions ${shown(think)} thinking in the worker; answers (runs) ${shown(roundTrip)} asked to answered, ` +
    `of which not in the worker: median ${overhead.median} ms, longest ${overhead.longest} ms; ` +
    `on the page: carrying out ${shown(carryOut)}, the log's wording ${shown(wording)}, drawing ${shown(redraw)}; ` +
    `game sent whole ${whole ?? 0}×, worker out of step ${outOfStep ?? 0}×`);
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sarissa.game.'))
    .map((k) => localStorage.getItem(k) ?? ''));
  mkdirSync('artifacts', { recursive: true });
  if (saved.length === 1) writeFileSync(`artifacts/solo-${name.replace(/\W+/g, '-')}.json`, saved[0]);
  return { longest, decisionLongest, zoomLongest, think, roundTrip, carryOut, redraw, whole: Number(whole ?? 0), outOfStep: Number(outOfStep ?? 0) };
}

/// Starts Samarkand with each side played as `seats` says (the chooser's labels).
async function startSamarkand(page: Page, seats: [string, string]) {
  await page.goto('/');
  const card = page.locator('.battle-card[data-scenario="samarkand"]');
  for (const [side, seat] of seats.entries()) {
    await card.locator(`select.seat[data-side="${side}"]`).selectOption(seat);
  }
  await card.locator('.play').tap();
  await expect(page).toHaveURL(/#\/play$/);
}

/// How many entries the log has ("Log (N)" on its tab).
const logCount = async (page: Page) => Number(/\((\d+)\)/.exec((await page.locator('.tab-log').textContent()) ?? '')?.[1] ?? 0);

/// The person's quickest answer to the decision in the prompt: no markers, no trump, pass,
/// end orders, no momentum, no reaction.
const QUICK = ['place-pw', 'no-trump', 'pass', 'end-orders', 'no-momentum', 'no-reaction', 'line-done', 'activate', 'rout-way'];
async function answerQuickly(page: Page) {
  for (const kind of QUICK) {
    const button = page.locator(`.prompt .act.${kind}`).first();
    if (await button.isVisible()) return button.tap();
  }
  // The prompt read was already the computer's: the loop looks again.
  await page.waitForTimeout(200);
}

test('against the computer (easy): it thinks, its commands arrive in the log, the decision comes back', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await watchLongTasks(page);
  await startSamarkand(page, ['a person', 'computer, easy']);
  // The drawer open, to read the log.
  await page.locator('.drawer-toggle').tap();
  const since = await page.evaluate(() => performance.now());
  let computerTurns = 0;
  for (let step = 0; step < 40 && computerTurns < 2; step++) {
    const text = (await page.locator('.prompt-text').textContent()) ?? '';
    if (text.includes('(computer, easy) is thinking')) {
      computerTurns++;
      const before = await logCount(page);
      // Undo is not offered while it decides, and the map stays usable.
      await expect(page.locator('.prompt .act.undo')).toHaveCount(0);
      await page.locator('.zoom-fit').tap();
      // It plays on until the decision is the person's again.
      await expect(page.locator('.prompt-text')).not.toContainText('is thinking', { timeout: 60_000 });
      expect(await logCount(page)).toBeGreaterThan(before);
    } else {
      await answerQuickly(page);
    }
  }
  expect(computerTurns).toBeGreaterThan(0);
  await expect(page.locator('.prompt-text')).not.toContainText('is thinking');
  await page.screenshot({ path: 'artifacts/solo-against-easy.png' });
  await printLongest(page, 'person against easy', since);
  // Kept with the game: after a reload the computer still plays the Sogdians.
  await page.reload();
  await expect(page.locator('.prompt-text')).toBeVisible();
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sarissa.game.'))
    .map((k) => localStorage.getItem(k) ?? '').join());
  expect(saved).toContain('"players":["person","easy"]');
  // The library's row says who plays the Sogdians.
  await page.goto('/');
  await expect(page.locator('.library-game[data-scenario="samarkand"] .battle')).toContainText('(computer, easy)');
  expect(problems).toEqual([]);
});

test('computer against computer plays on by itself', async ({ page }) => {
  test.setTimeout(120_000);
  await watchLongTasks(page);
  await startSamarkand(page, ['computer, hard', 'computer, easy']);
  await page.locator('.drawer-toggle').tap();
  const since = await page.evaluate(() => performance.now());
  await expect(page.locator('.prompt-text')).toContainText(/\(computer, (hard|easy)\) is thinking/);
  const start = await logCount(page);
  await expect.poll(() => logCount(page), { timeout: 60_000 }).toBeGreaterThan(start + 10);
  await page.screenshot({ path: 'artifacts/solo-computer-vs-computer.png' });
  const { whole, outOfStep } = await printLongest(page, 'hard against easy', since);
  // Runs thought ahead on a copy in the worker: even an answer dropped at the start (the
  // screen moved on) leaves the worker in step.
  expect(whole).toBe(1);
  expect(outOfStep).toBe(0);
});

test('a whole game turn against the computer (hard) at 4× CPU throttle, the map answering meanwhile', async ({ page }) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await watchLongTasks(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await startSamarkand(page, ['a person', 'computer, hard']);
  await page.locator('.drawer-toggle').tap();
  const since = await page.evaluate(() => performance.now());
  const turn = () => page.locator('.prompt').first().getAttribute('data-turn');
  let thinking = 0;
  // The person only passes, so hard may win within the turn: the battle's end ends it too.
  const over = async () => (await page.getByText(/The battle is over/).count()) > 0;
  for (let step = 0; step < 400 && (await turn()) === '1' && !(await over()); step++) {
    const text = (await page.locator('.prompt-text').textContent()) ?? '';
    if (text.includes('(computer, hard) is thinking')) {
      thinking++;
      // The map answers while the computer thinks: zoom to fit is a main-thread gesture.
      await page.locator('.zoom-fit').tap();
      await expect(page.locator('.prompt-text')).not.toContainText('is thinking', { timeout: 120_000 });
    } else {
      await answerQuickly(page);
    }
  }
  if (!(await over())) {
    await expect(page.locator('.prompt').first()).toHaveAttribute('data-turn', '2', { timeout: 120_000 });
  }
  // How often the loop caught it thinking is printed, not asserted: a quick decision can pass
  // between two looks. That it played is asserted by its commands in the log.
  // The computer's own commands are in the log, on its side's colour.
  await page.locator('.tab-log').tap();
  expect(await page.locator('.log-entry.side-b').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'artifacts/solo-whole-turn.png' });
  const { longest, decisionLongest, zoomLongest, think, roundTrip, carryOut, whole, outOfStep } =
    await printLongest(page, 'whole turn against hard at 4x', since);
  // The worker kept the game in step from the new commands alone: sent whole once, its state
  // hash the page's at every decision.
  expect(whole).toBe(1);
  expect(outOfStep).toBe(0);
  // Issue 21's figures, asserted on medians with wide margins: a busy machine stretches the
  // longest task, hardly the median. The worker answers runs of decisions (fewer answers than
  // decisions); it thinks a decision in a median far under 10 ms (0.3 ms measured here at load
  // 20, native 0.1 ms); the page carries out a command of the computer's in a median far under
  // 25 ms at 4× (1.7 ms measured).
  expect(roundTrip.count).toBeLessThan(think.count);
  expect(think.median).toBeLessThan(10);
  expect(carryOut.median).toBeLessThan(25);
  // The longest, printed in budgets.spec.ts's style, not asserted: a timed test fails on a busy machine.
  // Issue 21: while the computer thinks and plays; issue 19: the person's tap handing it the game.
  console.log(`budget solo-turn-longest ${longest} ms budget 50 ${longest <= 50 ? 'ok' : 'over'}`);
  console.log(`budget solo-turn-person-decision ${decisionLongest} ms budget 50 ${decisionLongest <= 50 ? 'ok' : 'over'}`);
  console.log(`budget solo-turn-zoom-whole-map ${zoomLongest} ms budget 50 ${zoomLongest <= 50 ? 'ok' : 'over'}`);
  console.log(`budget solo-turn-think ${think.longest} ms budget 4000 ${think.longest <= 4000 ? 'ok' : 'over'}`);
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/solo-turn.json', JSON.stringify({ longestTaskMs: longest, decisionLongestMs: decisionLongest, zoomLongestMs: zoomLongest, think, roundTrip, thinking }, null, 2));
  expect(problems).toEqual([]);
});

test('a game begun by two people is handed to the computer from the Players sheet, and stays so', async ({ page }) => {
  test.setTimeout(120_000);
  await startSamarkand(page, ['a person', 'a person']);
  await expect(page.locator('.prompt-text')).not.toContainText('is thinking');
  await page.locator('.game-menu > summary').tap(); // the top bar's menu
  await page.locator('.seats > summary').tap();
  await page.locator('.seats select.seat[data-side="0"]').selectOption('computer, easy');
  await expect(page.locator('.prompt-text')).toContainText('(computer, easy) is thinking');
  await page.screenshot({ path: 'artifacts/solo-players-sheet.png' });
  await page.reload();
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sarissa.game.'))
    .map((k) => localStorage.getItem(k) ?? '').join());
  expect(saved).toContain('"players":["easy","person"]');
  await page.locator('.game-menu > summary').tap(); // the top bar's menu
  await page.locator('.seats > summary').tap();
  await expect(page.locator('.seats select.seat[data-side="0"]')).toHaveValue('computer, easy');
});
