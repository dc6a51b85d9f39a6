import { test, expect, Page } from '@playwright/test';

// Hotseat play at tablet size with touch: activate, order a unit along a previewed path, read
// the log, reload and continue, undo.

async function tapCentre(page: Page, selector: string, index = 0) {
  const box = await page.locator(selector).nth(index).boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function ordersLeft(page: Page) {
  const text = (await page.locator('.prompt-text').textContent()) ?? '';
  const m = text.match(/(\d+) orders? left/);
  return m ? Number(m[1]) : -1;
}

test('activate a leader, move a unit along a previewed path, see the log, reload, undo', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto('/');
  await page.locator('.battle-card[data-scenario="samarkand"] .play').tap();
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.prompt-text')).toContainText('activate a leader');

  // Higher leaders of the side may trump the one offered (GBA 5.41).
  await expect(page.locator('.prompt .act.trump').first()).toContainText('Trump with');
  // Activate the leader offered (GBA 5.12: lowest initiative first).
  await page.locator('.prompt .act.activate').first().tap();
  await expect(page.locator('.prompt-text')).toContainText(/orders? left/);
  const before = await ordersLeft(page);
  expect(before).toBeGreaterThan(0);
  await expect(page.locator('.orderable').first()).toBeAttached();

  // Zoom toward the first unit that may be ordered, then tap it.
  await page.locator('.zoom-fit').tap();
  const ring = await page.locator('.orderable').first().boundingBox();
  await page.mouse.move(ring!.x + ring!.width / 2, ring!.y + ring!.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -200);
  await tapCentre(page, '.orderable');
  await expect(page.locator('.reach').first()).toBeAttached();
  const reachable = await page.locator('.reach').count();
  expect(reachable).toBeGreaterThan(3);

  // Choose a destination: the path is previewed and the facings offered.
  const choice = Math.floor(reachable / 3);
  const hex = await page.locator('.reach').nth(choice).getAttribute('data-reach');
  await tapCentre(page, '.reach', choice);
  await expect(page.locator('.facing-choice').first()).toBeAttached();
  await expect(page.locator('.prompt .act.face').first()).toBeVisible();
  await page.screenshot({ path: 'artifacts/tablet-order-preview.png' });

  // Commit with the first facing button.
  await page.locator('.prompt .act.face').first().tap();
  await expect.poll(() => ordersLeft(page)).toBe(before - 1);
  await page.locator('.tab-log').tap();
  const entry = page.locator('.log-entry', { hasText: `moves to ${hex}` });
  await expect(entry).toHaveCount(1);
  await expect(entry.locator('.rule')).toHaveText('6.3');

  // Tapping the entry picks out its unit on the map.
  await entry.tap();
  await expect(page.locator('.overlay-layer .focus').first()).toBeAttached();

  // Reload: the game continues exactly where it was.
  await page.reload();
  await expect(page.locator('.prompt-text')).toContainText(/orders? left/);
  expect(await ordersLeft(page)).toBe(before - 1);
  await page.locator('.tab-log').tap();
  await expect(page.locator('.log-entry', { hasText: `moves to ${hex}` })).toHaveCount(1);

  // Undo takes the move back (no die was rolled since).
  await page.locator('.prompt .act.undo').tap();
  await expect.poll(() => ordersLeft(page)).toBe(before);
  await expect(page.locator('.log-entry', { hasText: `moves to ${hex}` })).toHaveCount(0);

  // End the orders: momentum is offered, with its odds in words.
  await page.locator('.prompt .act.end-orders').tap();
  await expect(page.locator('.prompt-text')).toContainText('momentum');
  await page.locator('.prompt .act.no-momentum').tap();
  await expect(page.locator('.prompt-text')).toContainText('activate a leader');
  expect(problems).toEqual([]);
});

test('the start screen offers to continue the game in progress, and a damaged save is explained', async ({ page }) => {
  await page.goto('/');
  await page.locator('.battle-card[data-scenario="samarkand"] .play').tap();
  await page.locator('.prompt .act.activate').first().tap();
  await page.locator('.topbar .back').tap();
  await expect(page.locator('.continue-card')).toContainText('Samarkand');
  await page.locator('.continue-card .continue').tap();
  await expect(page.locator('.prompt-text')).toContainText(/orders? left/);

  // Tamper with the save: the game is refused with a reason, the battles are still there.
  await page.evaluate(() => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands: ['activate pharnuches'] })));
  await page.goto('/#/');
  await page.reload();
  await expect(page.locator('.continue-card.broken')).toContainText('breaks the rules');
  await expect(page.locator('.battle-card')).toHaveCount(4);
  await page.locator('.continue-card .discard').tap();
  await expect(page.locator('.continue-card')).toHaveCount(0);
});

test('a leader rides to a hex he can reach, and the log says so', async ({ page }) => {
  await page.goto('/');
  await page.locator('.battle-card[data-scenario="samarkand"] .play').tap();
  await page.locator('.prompt .act.activate').first().tap();
  await page.locator('.prompt .act.ride').first().tap();
  await expect(page.locator('.prompt-text')).toContainText('9 MP a phase');
  const count = await page.locator('.reach').count();
  expect(count).toBeGreaterThan(3);
  const box = await page.locator('.reach').nth(Math.floor(count / 2)).boundingBox();
  const hex = await page.locator('.reach').nth(Math.floor(count / 2)).getAttribute('data-reach');
  await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.locator('.tab-log').tap();
  await expect(page.locator('.log-entry', { hasText: `rides to ${hex}` })).toHaveCount(1);
});

// A real Samarkand game (seed 1, found by the seeded random player) whose last move brings the
// slingers within two hexes of faster enemy horse archers: the other side may withdraw them
// (GBA 6.7); let past, the slingers come up beside them: reaction facing (7.16).
const REACTION_GAME = ["activate bactrian-chief","line HC from sogdian-nobles abreast","move bactrian-horse 3317 3318 facing NW","end","momentum","activate pharnuches","end","no-momentum","trump spitamenes","line LC/A from massagetae-1 abreast","move sogdian-ha-1 2306 2205 2105 2004 1905 facing NW","end","momentum","activate sogdian-chief","move sogdian-ha-4 3609 3710 facing NW","move sogdian-lancers-1 3608 3509 3408 facing NE","move sogdian-ha-5 3414 3415 facing SW","end","pass andromachus","activate scythian-chief","move dahae 1914 1913 1912 2011 2111 facing NE","move massagetae-2 1913 2013 2114 facing SE","end","activate menedemus","end","activate caranus","move merc-horse-4 2913 2914 2814 2715 facing SW","move hoplites-1 to 2413-2513 facing SE","move light-foot-2 2714 facing E","move merc-horse-3 3010 3111 3112 facing SE","end","activate bactrian-chief","line HC from sogdian-nobles abreast","move sogdian-ha-5 3315 3214 3115 3015 2916 facing SE","move bactrian-horse 3217 3117 3016 facing SW","end","no-momentum","trump caranus","end","momentum","no-trump","move slingers 2814 2815 facing E"];

async function loadReactionGame(page: Page) {
  await page.goto('/');
  await page.evaluate((commands) => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands })), REACTION_GAME);
  await page.goto('/#/play');
  await expect(page.locator('.prompt-text')).toContainText('may withdraw in good order');
  await expect(page.locator('.prompt')).toHaveClass(/side-b/);
}

test('the other side may withdraw a faster unit as the enemy comes within two hexes', async ({ page }) => {
  await loadReactionGame(page);
  await expect(page.locator('.orderable')).toHaveCount(1);
  await page.locator('.zoom-fit').tap();
  const ring = await page.locator('.orderable').first().boundingBox();
  await page.mouse.move(ring!.x + ring!.width / 2, ring!.y + ring!.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -200);
  const home = await page.locator('.orderable').first().getAttribute('data-hex');
  await tapCentre(page, '.orderable');
  await expect(page.locator('.prompt-text')).toContainText('keeping its facing');
  const count = await page.locator('.reach').count();
  expect(count).toBeGreaterThan(1);
  // The unit's own hex is lit too; pick another.
  let choice = 0;
  let hex: string | null = null;
  for (; choice < count; choice++) {
    hex = await page.locator('.reach').nth(choice).getAttribute('data-reach');
    if (hex !== home) break;
  }
  await tapCentre(page, '.reach', choice);
  await expect(page.locator('.prompt .act.face').first()).toBeVisible();
  await page.screenshot({ path: 'artifacts/tablet-withdrawal.png' });
  await page.locator('.prompt .act.face').first().tap();
  await page.locator('.tab-log').tap();
  const entry = page.locator('.log-entry', { hasText: `withdraws in good order to ${hex}` });
  await expect(entry).toHaveCount(1);
  await expect(entry.locator('.rule')).toHaveText('6.7');
});

test('the other side is offered reaction facing when an enemy comes up beside its units', async ({ page }) => {
  await loadReactionGame(page);
  await page.locator('.prompt .act.no-reaction').tap();
  await expect(page.locator('.prompt-text')).toContainText('may turn to face it');
  await expect(page.locator('.overlay-layer .focus').first()).toBeAttached();
  await page.screenshot({ path: 'artifacts/tablet-reaction.png' });
  await page.locator('.prompt .act.react').first().tap();
  await page.locator('.tab-log').tap();
  await expect(page.locator('.log-entry', { hasText: 'as the enemy comes up' })).toHaveCount(1);
  await expect(page.locator('.log-entry', { hasText: 'as the enemy comes up' }).locator('.rule')).toHaveText('7.16');
});

test('a missile unit shows its targets with the chance of a hit, and fires at one', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((commands) => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands })), REACTION_GAME.slice(0, -1));
  await page.goto('/#/play');
  await expect(page.locator('.prompt-text')).toContainText(/orders? left/);
  await page.locator('.zoom-fit').tap();
  const ring = page.locator('.orderable[data-hex="2813"]');
  const box = await ring.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -200);
  await tapCentre(page, '.orderable[data-hex="2813"]');
  await expect(page.locator('.prompt-text')).toContainText('red-ringed enemy');
  const target = page.locator('.fire-target').first();
  await expect(target).toBeAttached();
  await expect(target.locator('text')).toHaveText(/^\d+%$/);
  await page.screenshot({ path: 'artifacts/tablet-fire-targets.png' });
  await tapCentre(page, '.fire-target polygon');
  await page.locator('.tab-log').tap();
  const entry = page.locator('.log-entry', { hasText: 'fires at Sogdian HA V' });
  await expect(entry).toHaveCount(1);
  await expect(entry.locator('.rule')).toHaveText('8.15');
});
