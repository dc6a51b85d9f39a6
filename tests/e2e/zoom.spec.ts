import { test, expect, Page, Browser } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mainThread, throttled, TraceEvent } from './long_tasks';

// Zooming the biggest maps (issue 19): a tap on ⤢ (the whole map) and back in, and the wheel
// across the zoom's thresholds (far < 0.5 <= mid < 1.25 <= detail; hex numbers from 0.9 and
// leaders' labels from 0.6: camera.rs), in Chromium at 4× CPU throttle on a 1024×768 touch
// screen. The app draws nothing for a zoom (the camera writes the wrapper's transform and the
// viewport's zoom classes); what it costs is the browser's restyle, layout and paint. Each
// gesture's longest main-thread task (a 'longtask' PerformanceObserver) is printed as
// `budget longest-task-zoom-BATTLE-GESTURE VALUE ms budget 50 ok|over`, a figure, not asserted.
// With SARISSA_TRACE=1 each gesture also runs under Chromium's tracing and its main-thread time
// is printed by what the browser did (style, layout, paint...) with the raster threads' time.
//
// The screenshots at far, mid and near zoom (Issus, 1024×768 touch and 1920×1080) are written
// to artifacts/zoom-NAME.png; with ZOOM_SHOTS=before they are kept as artifacts/zoom-before-
// NAME.png, and later runs print how many pixels differ from them (a styling change must not
// change what a player sees).

const BUDGET_MS = 50;
const TRACE = process.env.SARISSA_TRACE === '1';

/// A new game of `scenario` from a fixed seed, as the library's autosave.
async function open(page: Page, scenario: string) {
  await page.goto('/');
  await page.evaluate((scenario) => {
    sessionStorage.clear();
    localStorage.setItem('sarissa.autosave', JSON.stringify({ format: 1, scenario, seed: 1, commands: [] }));
  }, scenario);
  await page.goto('/#/play');
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.counter.unit').first()).toBeVisible({ timeout: 60_000 });
}

const scale = async (page: Page) => Number(await page.locator('.map-viewport').getAttribute('data-scale'));
const now = (page: Page) => page.evaluate(() => performance.now());

/// Waits for two frames to be drawn, then a quiet moment, so a gesture's work is all done.
async function settled(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForTimeout(600);
}

async function longest(page: Page, since: number) {
  return page.evaluate((since) => Math.round(Math.max(0, ...window.sarissaLongTasks
    .filter((t) => t.start >= since).map((t) => t.duration))), since);
}

/// The phases of the longest main-thread task (each event's outermost occurrences, ms), and the
/// raster threads' time over the whole gesture.
const PHASES: [string, string][] = [['script', 'FunctionCall'], ['style', 'UpdateLayoutTree'], ['layout', 'Layout'],
  ['prepaint', 'PrePaint'], ['paint', 'Paint'], ['layerize', 'Layerize'], ['hit test', 'HitTest'], ['gc', 'MinorGC']];
function split(events: TraceEvent[]) {
  const { pid, tid } = mainThread(events);
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const task = main.filter((e) => e.name === 'RunTask').sort((a, b) => b.dur! - a.dur!)[0];
  if (!task) return 'no task';
  const inside = main.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  const phase = (name: string) => {
    const mine = inside.filter((e) => e.name === name).sort((a, b) => a.ts - b.ts);
    let [sum, until] = [0, 0];
    for (const e of mine) if (e.ts >= until) { sum += e.dur!; until = e.ts + e.dur!; }
    return sum / 1000;
  };
  const parts = PHASES.map(([label, name]) => `${label} ${phase(name).toFixed(1)}`).join(', ');
  const raster = events.filter((e) => e.pid === pid && e.name === 'RasterTask' && e.dur).reduce((s, e) => s + e.dur!, 0);
  return `longest task ${(task.dur! / 1000).toFixed(1)} ms: ${parts}; raster threads ${(raster / 1000).toFixed(1)} ms`;
}

/// Runs one gesture and prints its longest task against the budget (and its trace's split).
async function gesture(browser: Browser, page: Page, name: string, act: () => Promise<void>) {
  if (TRACE) {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'cc', 'blink'] });
  }
  const since = await now(page);
  await act();
  await settled(page);
  const ms = await longest(page, since);
  console.log(`budget longest-task-zoom-${name} ${ms} ms budget ${BUDGET_MS} ${ms <= BUDGET_MS ? 'ok' : 'over'} (scale ${(await scale(page)).toFixed(3)})`);
  if (TRACE) {
    const trace = JSON.parse((await browser.stopTracing()).toString());
    mkdirSync('artifacts', { recursive: true });
    writeFileSync(`artifacts/trace-zoom-${name}.json`, JSON.stringify(trace));
    console.log(`  trace ${name}: ${split(trace.traceEvents as TraceEvent[])}`);
  }
  return ms;
}

/// Wheel steps at the middle of the map's box that bring the scale to `target` (map.rs: each
/// pixel of wheel multiplies the scale by exp(-0.0015 dy)).
async function wheelTo(page: Page, target: number) {
  const box = (await page.locator('.map-viewport').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const dy = -Math.log(target / (await scale(page))) / 0.0015;
  await page.mouse.wheel(0, dy);
  await expect.poll(() => scale(page)).toBeCloseTo(target, 2);
}

for (const battle of ['issus', 'pataliputra', 'hydaspes']) {
  test(`${battle}: zooming the whole map and across the thresholds, 4× throttle`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    await throttled(page);
    await open(page, battle);
    // Opening, until the hexes' numbers (drawn last, in slices, a path each: terrain_layer.rs)
    // are all there: laid out as they are drawn (hidden by visibility until zoomed in), so this
    // is printed beside the zooms. (The numbers come after every hex is drawn: as many numbers
    // as hexes is the end.)
    await expect.poll(() => page.evaluate(() => {
      const ids = [...document.querySelectorAll('svg.map .hex-id')].reduce((n, p) => n + Number(p.getAttribute('data-hexes') ?? 1), 0);
      return ids > 0 && ids === document.querySelectorAll('svg.map polygon.hex').length;
    }), { timeout: 60_000 }).toBe(true);
    await settled(page);
    const openingMs = await longest(page, 0);
    console.log(`budget longest-task-zoom-${battle}-opening ${openingMs} ms budget ${BUDGET_MS} ${openingMs <= BUDGET_MS ? 'ok' : 'over'}`);
    await page.waitForTimeout(1_000);
    const opening = await scale(page);
    await gesture(browser, page, `${battle}-whole-map`, () => page.locator('.zoom-fit').tap());
    const whole = await scale(page);
    expect(whole).toBeLessThan(opening);
    await gesture(browser, page, `${battle}-zoom-in-button`, () => page.locator('.zoom-in').tap());
    await gesture(browser, page, `${battle}-whole-map-again`, () => page.locator('.zoom-fit').tap());
    // Across every threshold in turn with the wheel, in and back out.
    for (const [name, target] of [['wheel-far-to-mid', 0.55], ['wheel-near', 0.7], ['wheel-hex-ids', 1.0],
      ['wheel-detail', 1.4], ['wheel-back-to-mid', 1.0], ['wheel-back-to-far', 0.45]] as const) {
      await gesture(browser, page, `${battle}-${name}`, () => wheelTo(page, target));
    }
  });
}

/// How many pixels of two PNGs differ (compared in the page's canvas), or the sizes if unequal.
async function differing(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(async ([a, b]) => {
    const load = async (src: string) => {
      const img = new Image();
      img.src = `data:image/png;base64,${src}`;
      await img.decode();
      const c = document.createElement('canvas');
      [c.width, c.height] = [img.width, img.height];
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, img.width, img.height);
    };
    const [x, y] = [await load(a), await load(b)];
    if (x.width !== y.width || x.height !== y.height) return 'of another size';
    let n = 0;
    const box = [Infinity, Infinity, -1, -1];
    for (let i = 0; i < x.data.length; i += 4) {
      if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2]) {
        n++;
        const [px, py] = [(i / 4) % x.width, Math.floor(i / 4 / x.width)];
        [box[0], box[1], box[2], box[3]] = [Math.min(box[0], px), Math.min(box[1], py), Math.max(box[2], px), Math.max(box[3], py)];
      }
    }
    return n ? `${n} (within x ${box[0]}-${box[2]}, y ${box[1]}-${box[3]})` : '0';
  }, [a.toString('base64'), b.toString('base64')] as const);
}

for (const size of [{ name: '1024', viewport: { width: 1024, height: 768 }, touch: true }, { name: '1920', viewport: { width: 1920, height: 1080 }, touch: false }]) {
  test.describe(`${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch });
    test(`issus at far, mid and near zoom, ${size.name}: screenshots`, async ({ page }) => {
      test.setTimeout(120_000);
      await open(page, 'issus');
      mkdirSync('artifacts', { recursive: true });
      const before = process.env.ZOOM_SHOTS === 'before';
      for (const [zoom, target] of [['far', 0.4], ['mid', 0.8], ['mid-hex-ids', 1.0], ['near', 1.6]] as const) {
        await wheelTo(page, target);
        await page.mouse.move(0, 0);
        await settled(page);
        const shot = await page.locator('.map-viewport').screenshot();
        const name = `zoom-${size.name}-${zoom}`;
        writeFileSync(`artifacts/${before ? 'zoom-before-' + name.slice(5) : name}.png`, shot);
        if (zoom === 'near') {
          // Leaders' whole names stay 11 screen pixels: the camera writes the scale on their layer.
          const size = await page.locator('.leader-label').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
          expect(size).toBeCloseTo(11 / target, 1);
        }
        const kept = `artifacts/zoom-before-${name.slice(5)}.png`;
        if (!before && existsSync(kept)) {
          console.log(`screenshot ${name}: ${await differing(page, readFileSync(kept), shot)} pixels differ from before`);
        }
      }
    });
  });
}
