import { Page, Locator } from '@playwright/test';

// Taps as a player's finger makes them on a touch tablet, counted (issue 20's measures): a tap
// at the middle of a control, and a hex of the map brought to finger size and into view first.

export type TapCount = { taps: number; drags: number; zoomTaps: number };

/// The smallest hex (screen px) a finger hits surely.
export const FINGER = 40;

/// A tap at the middle of `target`; a button or menu below the fold is scrolled to first.
export async function tap(page: Page, count: TapCount, target: Locator) {
  // Every wait is bounded: a control that goes away between finding and tapping it (the
  // computer took the decision) must fail the tap, not wait for ever (CI's run of session 17
  // waited 8 minutes in an unbounded `evaluate` for a reaction button gone by then).
  await target.waitFor({ state: 'attached', timeout: 5000 });
  if (await target.evaluate((e) => e.tagName === 'BUTTON' || e.tagName === 'SUMMARY', undefined, { timeout: 5000 })) await target.scrollIntoViewIfNeeded({ timeout: 5000 });
  const box = await target.boundingBox({ timeout: 5000 });
  // Gone from the page between finding and tapping it (the computer decided meanwhile).
  if (!box) throw new Error('tap: the target is not attached or not shown any more');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  count.taps += 1;
}

/// A hex of the map at finger size and in view: zoomed with the button, dragged to (at most
/// half the view at a time, toward bringing it to the middle), then tapped.
export async function mapTarget(page: Page, count: TapCount, target: Locator) {
  const hexWidth = async () => (await page.locator('polygon.hex').first().boundingBox())!.width;
  while ((await hexWidth()) < FINGER) {
    await tap(page, count, page.locator('.zoom-in'));
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
  await tap(page, count, target);
}
