import { test, expect, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

// Playing by keyboard alone (issue 20 §6): a whole game turn of Samarkand — the pre-arranged
// withdrawal declarations, every leader's activation, a unit of each leader moved with the map's
// cursor, the orders ended, momentum declined — with no pointer at all (the page counts every
// pointer press and the test asserts there were none). The map and its counters carry labels
// for screen readers.

mkdirSync('artifacts', { recursive: true });
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: false });

async function loadSamarkand(page: Page) {
  await page.addInitScript(() => {
    (window as any).pointerPresses = 0;
    document.addEventListener('pointerdown', () => { (window as any).pointerPresses += 1; }, true);
  });
  await page.goto('/');
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.setItem('sarissa.autosave', JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands: [] }));
  });
  await page.goto('/#/play');
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
}

const cursor = (page: Page) => page.locator('.map-viewport').getAttribute('data-cursor');

// What the screen asks now: the prompt's words and its buttons.
async function asked(page: Page) {
  return `${await page.locator('.prompt-text').textContent()}|${await page.locator('.prompt-buttons').textContent()}`;
}

// Presses the number the prompt shows on its button of this class.
async function pressButton(page: Page, cls: string) {
  const button = page.locator(`.prompt .prompt-buttons button.act.${cls}`).first();
  await expect(button).toHaveAttribute('data-key', /^[1-9]$/);
  await page.keyboard.press((await button.getAttribute('data-key'))!);
}

// Moves the cursor with the arrow keys (and N, which jumps between the hexes where something can
// be chosen) until it stands on a hex of `wanted`, other than `not`.
async function cursorTo(page: Page, wanted: () => Promise<string[]>, not: string | null = null) {
  const ok = async () => {
    const at = await cursor(page);
    return at !== null && at !== not && (await wanted()).includes(at);
  };
  for (const key of ['ArrowUp', 'ArrowLeft', 'ArrowRight', 'ArrowDown']) {
    if (await ok()) return;
    await page.keyboard.press(key);
  }
  for (let i = 0; i < 60 && !(await ok()); i++) await page.keyboard.press('n');
  expect(await ok()).toBe(true);
}

// One unit of the leader giving orders moved by keyboard: the cursor to the unit, Enter, the
// cursor to a hex it may reach, Enter, then the number of the first way to face.
async function moveOneUnit(page: Page) {
  await page.keyboard.press('g');
  await expect(page.locator('.map-viewport')).toBeFocused();
  const orderable = () => page.locator('.orderable').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-hex') ?? ''));
  await cursorTo(page, orderable);
  const from = await cursor(page);
  await expect(page.locator('.cursor')).toBeVisible();
  await expect(page.locator('.cursor-readout')).toContainText(from!);
  await page.keyboard.press('Enter');
  await expect(page.locator('.reach').first()).toBeAttached();
  const reach = () => page.locator('.reach').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-reach') ?? ''));
  await cursorTo(page, reach, from);
  await page.keyboard.press('Enter');
  await expect(page.locator('.facing-choice').first()).toBeAttached();
  const before = await asked(page);
  await pressButton(page, 'face');
  await expect.poll(() => asked(page)).not.toEqual(before);
  await expect(page.locator('.reach')).toHaveCount(0);
}

// The decisions other than orders, by the button each test answers with.
const ANSWERS = ['place-pw', 'activate', 'no-momentum', 'no-trump', 'no-reaction', 'resolve-shock', 'rout-to',
  'advance-turn', 'pass'];

test('a whole game turn of Samarkand played by keyboard alone', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  test.setTimeout(120_000);
  await loadSamarkand(page);

  // Labels for screen readers: the map, and every counter (unit, side, hex, facing, hits).
  await expect(page.locator('.map-viewport')).toHaveAttribute('aria-label', /Map of Samarkand/);
  // The counters are drawn in the task after the map's first (issue 19).
  await expect(page.locator('.counter.unit').first()).toBeAttached();
  const labels = await page.locator('.counter.unit').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label') ?? ''));
  expect(labels.length).toBeGreaterThan(5);
  for (const l of labels) expect(l).toMatch(/, in \d{4}.*, facing [A-Z]+.*, \d+ hits?/);
  await expect(page.locator('.counter.leader').first()).toHaveAttribute('aria-label', /^Leader .+, in \d{4}, initiative/);

  // The keys, listed in a small help, and closed again with Escape.
  await page.keyboard.press('?');
  await expect(page.locator('.keys-list')).toBeVisible();
  await expect(page.locator('.keys-list')).toContainText('Arrow keys');
  await page.screenshot({ path: 'artifacts/keyboard-help.png' });
  await page.keyboard.press('Escape');
  await expect(page.locator('.keys-list')).toHaveCount(0);

  // Zoom in and out about the cursor, and an overlay switched on and off, by key.
  await page.keyboard.press('g');
  const scale = async () => Number(await page.locator('.map-viewport').getAttribute('data-scale'));
  const fitted = await scale();
  await page.keyboard.press('+');
  await expect.poll(scale).toBeGreaterThan(fitted * 1.3);
  // The whole map: no larger than the opening view, which fills the box with the armies.
  await page.keyboard.press('0');
  await expect.poll(scale).toBeLessThanOrEqual(fitted + 1e-3);
  await page.keyboard.press('z');
  await expect(page.locator('.layer-zoc')).toHaveClass(/\bon\b/);
  await page.keyboard.press('z');
  await expect(page.locator('.layer-zoc')).not.toHaveClass(/\bon\b/);

  let moves = 0;
  let movedThisLeader = false;
  for (let step = 0; step < 200; step++) {
    if ((await page.locator('.prompt').getAttribute('data-turn')) !== '1') break;
    const ending = page.locator('.prompt .act.end-orders');
    if (await ending.count()) {
      if (!movedThisLeader && (await page.locator('.orderable').count())) {
        await moveOneUnit(page);
        moves += 1;
        movedThisLeader = true;
        if (moves === 1) await page.screenshot({ path: 'artifacts/keyboard-moved.png' });
        continue;
      }
      const before = await asked(page);
      await page.keyboard.press('e');
      await expect.poll(() => asked(page)).not.toEqual(before);
      movedThisLeader = false;
      continue;
    }
    let answered = false;
    for (const cls of ANSWERS) {
      if (await page.locator(`.prompt .prompt-buttons button.act.${cls}`).count()) {
        const before = await asked(page);
        await pressButton(page, cls);
        await expect.poll(() => asked(page)).not.toEqual(before);
        answered = true;
        break;
      }
    }
    if (!answered) {
      // Anything else: the prompt's first button.
      const before = await asked(page);
      await page.keyboard.press('1');
      await expect.poll(() => asked(page)).not.toEqual(before);
    }
  }
  await expect(page.locator('.prompt')).toHaveAttribute('data-turn', '2');
  expect(moves).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: 'artifacts/keyboard-turn-2.png' });
  expect(await page.evaluate(() => (window as any).pointerPresses)).toBe(0);
  expect(problems).toEqual([]);
});
