import { test, expect, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

// The expected counts come from the CLI reading the same file, not from the app itself.
const sarissa = process.env.SARISSA_BIN ?? '../target/debug/sarissa';
const summary = JSON.parse(execFileSync(sarissa, ['summary', '../scenarios/samarkand.toml']).toString());
const artifacts = 'artifacts';
mkdirSync(artifacts, { recursive: true });

async function open(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto('/#/battle/samarkand');
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
  return problems;
}

async function scale(page: Page) {
  return Number(await page.locator('.map-viewport').getAttribute('data-scale'));
}

test('loads without console errors and draws every hex and counter', async ({ page }) => {
  const problems = await open(page);
  await expect(page.locator('svg.map polygon.hex')).toHaveCount(summary.hexes);
  await expect(page.locator('.counter.unit')).toHaveCount(summary.units);
  await expect(page.locator('.counter.leader')).toHaveCount(summary.leaders);
  await expect(page.locator('.topbar .battle-name')).toHaveText(summary.name);
  expect(problems).toEqual([]);
});

test('tapping a counter shows its details; the close button clears them', async ({ page }) => {
  await open(page);
  const first = summary.first_unit;
  await page.locator(`.counter.unit[data-unit="${first.id}"]`).tap();
  const card = page.locator(`.panel .unit-card[data-unit="${first.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('h3')).toHaveText(first.name);
  await expect(card).toContainText('Troop quality');
  await page.locator('.panel-close').tap();
  await expect(card).toHaveCount(0);
  await expect(page.locator('.panel .overview')).toBeVisible();
});

test('tapping an empty hex shows its terrain', async ({ page }) => {
  await open(page);
  // The corner hex: in view at whole-map zoom (the opening view fills the box about the armies).
  await page.locator('.zoom-fit').tap();
  await page.locator('polygon.hex[data-hex="0101"]').tap({ force: true });
  await expect(page.locator('.panel .hex-details h2')).toHaveText('Hex 0101');
});

test('the mouse wheel zooms in and out around the cursor', async ({ page }) => {
  await open(page);
  const before = await scale(page);
  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => scale(page)).toBeGreaterThan(before * 1.3);
  const zoomed = await scale(page);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => scale(page)).toBeLessThan(zoomed);
});

test('two-finger pinch zooms and one-finger drag pans', async ({ page }) => {
  await open(page);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: string, points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, i) => ({ ...p, id: i })) });

  const before = await scale(page);
  await touch('touchStart', [{ x: 350, y: 380 }, { x: 450, y: 380 }]);
  for (let step = 1; step <= 8; step++) {
    await touch('touchMove', [{ x: 350 - step * 15, y: 380 }, { x: 450 + step * 15, y: 380 }]);
  }
  await touch('touchEnd', []);
  await expect.poll(() => scale(page)).toBeGreaterThan(before * 1.5);

  const wrapper = page.locator('.map-wrapper');
  const transform = await wrapper.getAttribute('style');
  await touch('touchStart', [{ x: 300, y: 300 }]);
  for (let step = 1; step <= 6; step++) await touch('touchMove', [{ x: 300 + step * 20, y: 300 + step * 10 }]);
  await touch('touchEnd', []);
  await expect.poll(() => wrapper.getAttribute('style')).not.toEqual(transform);
  // The drag did not select anything (a selection would open the details drawer).
  await expect(page.locator('.panel')).toBeHidden();
});

test('tablet screenshots and time to first map paint', async ({ page }) => {
  await open(page);
  const firstPaint = Number(await page.locator('body').getAttribute('data-first-paint-ms'));
  expect(firstPaint).toBeGreaterThan(0);
  await page.screenshot({ path: `${artifacts}/tablet-whole-map.png` });
  await page.locator('.zoom-in').tap();
  await page.locator('.zoom-in').tap();
  await page.locator('.zoom-in').tap();
  await page.locator(`.counter.unit[data-unit="${summary.first_unit.id}"]`).tap();
  await page.screenshot({ path: `${artifacts}/tablet-zoomed-details.png` });

  // Cold navigations: first paint measured by the app (performance.now at the first frame).
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    // A fresh document each time (a hash-only navigation would not reload); the battle
    // continues from its autosave, as a player reopening it would see.
    await page.goto('about:blank');
    await page.goto('/#/play', { waitUntil: 'load' });
    await expect(page.locator('body[data-first-paint-ms]')).toHaveCount(1);
    samples.push(Number(await page.locator('body').getAttribute('data-first-paint-ms')));
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  writeFileSync(`${artifacts}/first-paint.json`, JSON.stringify({ samples, median }, null, 1));
  console.log(`first map paint: median ${median} ms over ${samples.length} loads (${samples.join(', ')})`);
});

// Issue 19: first map paint of the largest battle (Issus: 2,640 hexes, the most counters)
// within 1 s at 4× CPU throttle and 300 ms unthrottled. Printed and written to artifacts as
// the README's figures; the budgets are not asserted, as the shared test machine's timings vary.
test('time to first map paint of the largest battle, unthrottled and at 4x CPU throttle', async ({ page }) => {
  test.setTimeout(120_000);
  const issus = JSON.parse(execFileSync(sarissa, ['summary', '../scenarios/issus.toml']).toString());
  await page.goto('/#/battle/issus');
  await expect(page.locator('svg.map polygon.hex')).toHaveCount(issus.hexes);
  const cdp = await page.context().newCDPSession(page);
  const measure = async (rate: number) => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A fresh document each time, reopening the battle from its autosave, slowed `rate` times.
      await page.goto('about:blank');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.goto('/#/play', { waitUntil: 'load' });
      await expect(page.locator('body[data-first-paint-ms]')).toHaveCount(1);
      samples.push(Number(await page.locator('body').getAttribute('data-first-paint-ms')));
      // The paint measured was the whole battle's map.
      await expect(page.locator('svg.map polygon.hex')).toHaveCount(issus.hexes);
      await expect(page.locator('.counter.unit')).toHaveCount(issus.units);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    samples.sort((a, b) => a - b);
    return { samples, median: samples[Math.floor(samples.length / 2)] };
  };
  const unthrottled = await measure(1);
  const throttled = await measure(4);
  const result = { battle: 'issus', hexes: issus.hexes, unthrottled, throttled4x: throttled };
  writeFileSync(`${artifacts}/first-paint-largest.json`, JSON.stringify(result, null, 1));
  for (const [name, r, budget] of [['unthrottled', unthrottled, 300], ['4x CPU throttle', throttled, 1000]] as const) {
    console.log(`first map paint, Issus, ${name}: median ${r.median} ms over ${r.samples.length} loads ` +
      `(${r.samples.join(', ')}; budget ${budget} ms ${r.median <= budget ? 'ok' : 'over'})`);
  }
});
