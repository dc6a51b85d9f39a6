import { test, expect, Page, Locator } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';

// The README's measure of issue 20: how many taps it takes to play the first game turn of
// Issus, both sides, on a 1024 x 768 touch tablet, with the same scripted orders every time —
// each leader moves the first two units he may order (in hex order) to the middle one of the
// hexes each may reach, facing the first way offered; every other question gets the same
// answer (no pre-arranged withdrawals, the leader offered is activated, no momentum, no
// reaction, the first of equal choices). It counts what a player does: a tap on the map or a
// button, and the drags that bring a hex into view; it zooms once to finger size (a hex of at
// least 40 px) with the zoom button, as a player must before tapping a hex. It prints
// `taps N` (and writes artifacts/taps-issus.json) for the README's before and after.

mkdirSync('artifacts', { recursive: true });
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const FINGER = 40;
const UNITS_PER_LEADER = 2;

test('taps to play the first game turn of Issus', async ({ page }) => {
  test.setTimeout(600_000);
  const count = { taps: 0, drags: 0, zoomTaps: 0 };
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));

  async function tap(target: Locator) {
    await target.waitFor({ state: 'attached' });
    const box = (await target.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    count.taps += 1;
  }

  async function button(cls: string) {
    const b = page.locator(`.prompt .prompt-buttons button.act.${cls}`).first();
    // A button below the prompt's fold: the player scrolls to it (a drag).
    if (!(await b.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const p = e.closest('.prompt')!.getBoundingClientRect();
      return r.top >= p.top && r.bottom <= p.bottom;
    }))) {
      await b.scrollIntoViewIfNeeded();
      count.drags += 1;
    }
    await tap(b);
  }

  // A hex of the map at finger size and in view: zoomed once with the button, dragged to.
  async function mapTarget(target: Locator) {
    const hexWidth = async () => (await page.locator('polygon.hex').first().boundingBox())!.width;
    while ((await hexWidth()) < FINGER) {
      await tap(page.locator('.zoom-in'));
      count.zoomTaps += 1;
    }
    const view = (await page.locator('.map-viewport').boundingBox())!;
    const margin = 60;
    const inView = (x: number, y: number) => x > view.x + margin + 60 && x < view.x + view.width - margin
      && y > view.y + margin && y < view.y + view.height - margin;
    for (let drag = 0; drag < 4; drag++) {
      const box = (await target.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      if (inView(x, y)) break;
      // Drag the map (at most half the view at a time) toward bringing the hex to its middle.
      const [cx, cy] = [view.x + view.width / 2, view.y + view.height / 2];
      const dx = Math.max(-view.width / 2, Math.min(view.width / 2, cx - x));
      const dy = Math.max(-view.height / 2, Math.min(view.height / 2, cy - y));
      const [sx, sy] = [cx - dx / 2, cy - dy / 2];
      await page.mouse.move(sx, sy);
      await page.mouse.down();
      await page.mouse.move(sx + dx / 2, sy + dy / 2, { steps: 4 });
      await page.mouse.move(sx + dx, sy + dy, { steps: 4 });
      await page.mouse.up();
      count.drags += 1;
    }
    await tap(target);
  }

  await page.goto('/');
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.setItem('sarissa.autosave', JSON.stringify({ format: 1, scenario: 'issus', seed: 1, commands: [] }));
  });
  await page.goto('/#/play');
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();

  const asked = async () => `${await page.locator('.prompt-text').textContent()}|${await page.locator('.prompt-buttons').textContent()}`;
  const answers = ['place-pw', 'activate', 'no-momentum', 'no-trump', 'no-reaction', 'rout-to', 'advance-turn', 'resolve-shock', 'pass'];
  let ordered = 0;
  for (let step = 0; step < 600; step++) {
    if ((await page.locator('.prompt').getAttribute('data-turn')) !== '1') break;
    const before = await asked();
    if (await page.locator('.prompt .act.end-orders').count()) {
      const units = await page.locator('.orderable').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-hex') ?? '').sort());
      if (ordered < UNITS_PER_LEADER && units.length > 0) {
        ordered += 1;
        await mapTarget(page.locator(`.orderable[data-hex="${units[0]}"]`));
        await expect(page.locator('.reach').first()).toBeAttached().catch(async (e) => {
          await page.screenshot({ path: 'artifacts/taps-missed.png' });
          throw e;
        });
        const reach = await page.locator('.reach').evaluateAll((ps, from) => ps.map((p) => p.getAttribute('data-reach') ?? '')
          .filter((h) => h !== from), units[0]);
        if (reach.length > 0) {
          await mapTarget(page.locator(`.reach[data-reach="${reach[Math.floor(reach.length / 2)]}"]`));
          await expect(page.locator('.facing-choice').first()).toBeAttached();
          await mapTarget(page.locator('.facing-choice').first());
        } else {
          // Nowhere to go: cancel, and that leader's orders end.
          await button('cancel');
          ordered = UNITS_PER_LEADER;
        }
      } else {
        await button('end-orders');
        ordered = 0;
      }
    } else {
      const cls = await (async () => {
        for (const c of answers) if (await page.locator(`.prompt .prompt-buttons button.act.${c}`).count()) return c;
        return 'act';
      })();
      await button(cls);
    }
    await expect.poll(asked).not.toEqual(before);
  }
  await expect(page.locator('.prompt')).toHaveAttribute('data-turn', '2');
  expect(problems).toEqual([]);
  console.log(`taps ${count.taps} (${count.zoomTaps} of them zoom), drags ${count.drags}`);
  writeFileSync('artifacts/taps-issus.json', JSON.stringify(count, null, 2) + '\n');
});
