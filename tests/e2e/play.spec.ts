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

// A Samarkand game (seed 1, played by the seeded random player) whose leader has just ended his
// orders with the Sogdian nobles beside an enemy: they must attack (GBA 7.31).
const SHOCK_GAME = ["activate bactrian-chief", "line HC from sogdian-nobles abreast", "move bactrian-horse 3315 3314 3313 3312 3311 facing NE", "end", "no-momentum", "activate pharnuches", "move hoplites-2 to 2914-3013 facing SE", "withdraw bactrian-horse 3310 3409 facing E", "move companions 2610 2510 2409 2310 facing W", "end", "no-momentum", "trump spitamenes", "line LC/A from massagetae-1 abreast", "move sogdian-ha-1 2507 2607 2708 2808 2909 3009 3110 3111 facing SE", "no-reaction", "no-reaction", "end", "no-momentum", "activate scythian-chief", "move massagetae-1 1910 1911 1912 1913 1813 facing NE", "move dahae 2015 2116 2216 2316 2415 facing NE", "move massagetae-2 1913 1914 1915 2015 2116 2216 2317 2318 facing SE", "end", "activate andromachus", "end", "activate sogdian-chief", "fire sogdian-ha-1 at hoplites-2", "move sogdian-ha-5 3413 3313 3212 3112 3012 facing W", "no-reaction", "move sogdian-lancers-1 3707 3706 3705 3704 3803 3903 facing NE", "end", "activate caranus", "end", "shock", "pass bactrian-chief", "activate pharnuches", "move archers 2811 2812 2813 2814 2815 facing SW", "move light-foot-2 2714 2715 2716 facing W", "fire archers at dahae", "end", "shock merc-horse-4", "momentum", "no-trump", "move merc-horse-4 2811 2711 facing SE", "withdraw sogdian-ha-1 3211 facing SE", "end", "momentum", "trump scythian-chief", "move merc-horse-2 2513 2413 2314 2214 2115 2116 facing W", "no-reaction", "withdraw sogdian-ha-6 2218 facing NE", "move hoplites-1 to 2312-2313 facing W", "end", "activate sogdian-chief", "move sogdian-ha-4 3410 3310 3209 3109 3009 2910 facing SW", "withdraw-leader pharnuches 2611", "react merc-horse-3 facing SE", "move bactrian-horse 3509 3608 facing NW", "move sogdian-ha-1 3212 3213 facing SW", "end", "no-momentum", "activate andromachus", "move light-foot-1 2610 facing SW", "withdraw sogdian-ha-4 3009 facing W fire", "move javelins 2410 2511 facing NW", "move slingers 2812 2811 2810 facing SE", "withdraw sogdian-ha-4 3008 facing SW fire", "end", "no-momentum", "activate caranus", "move hoplites-2 to 3016-3017 facing E", "no-reaction", "move merc-horse-1 2511 2510 2609 2709 2808 facing NE", "withdraw sogdian-ha-4 3109 facing SW", "fire slingers at sogdian-ha-4", "move merc-horse-4 2811 2912 3011 3112 facing SE", "no-reaction", "end", "momentum", "no-trump", "move hoplites-1 to 2114-2115 facing W", "no-reaction", "move javelins 2512 2513 facing W", "fire slingers at sogdian-ha-4", "move light-foot-1 2510 2410 facing NE", "end", "no-momentum", "pass spitamenes", "trump scythian-chief", "move sogdian-ha-1 3313 3312 facing NE", "end", "no-momentum", "pass pharnuches", "activate sogdian-chief", "move bactrian-horse 3508 3407 3307 3207 facing NW", "move sogdian-ha-1 3412 3513 3613 3714 3813 3913 facing NE", "move sogdian-ha-4 3008 2909 2809 2709 2608 facing NW", "react merc-horse-1 facing NW", "no-reaction", "end", "momentum", "no-trump", "move bactrian-horse 3307 3406 3507 3607 facing SE", "leader sogdian-chief 3410 3311", "end", "no-momentum", "pass andromachus", "activate caranus", "move slingers 2710 2709 facing NE", "no-reaction", "no-reaction", "move light-foot-1 2409 2408 2407 facing SE", "no-reaction", "fire slingers at sogdian-ha-4", "move javelins 2413 2314 2315 2316 facing NE", "no-reaction", "no-reaction", "no-reaction", "move merc-horse-3 2810 facing NE", "end", "no-momentum", "activate spitamenes", "move sogdian-ha-4 2607 2507 2406 2405 2404 facing NW", "no-reaction", "move sogdian-ha-2 2705 2604 2504 2503 facing NW", "move sogdian-nobles 2205 facing SW", "end", "momentum", "activate bactrian-chief", "end", "no-momentum", "activate pharnuches", "move slingers 2608 2508 2408 2309 facing SE", "move merc-horse-3 2809 2808 2807 facing E", "end", "momentum", "trump scythian-chief", "move companions 2311 2312 facing E", "leader pharnuches 2612 2613 2714 2814 2915", "end", "no-momentum", "activate sogdian-chief", "end", "momentum", "activate andromachus", "move companions 2313 facing E", "end", "momentum", "no-trump", "move companions 2212 2211 2210 facing NE", "end", "no-momentum", "activate caranus", "leader caranus 2611 2610 2609 2608", "move slingers 2308 2307 2306 2305 facing NE", "withdraw-leader spitamenes 2106", "withdraw-leader spitamenes 2005 1905 1804", "no-reaction", "no-reaction", "move merc-horse-1 2708 2607 2507 2406 facing W", "move merc-horse-3 2907 3007 3108 3208 3309 3409 facing SE", "withdraw sogdian-ha-3 3205 facing SW", "withdraw-leader sogdian-chief 3211", "end", "momentum", "no-trump", "move merc-horse-1 2307 2207 2108 2008 1909 facing NE", "move light-foot-1 2307 facing SW", "no-reaction", "end", "no-momentum", "activate spitamenes", "rally sogdian-ha-5 facing W", "move sogdian-nobles 2105 2004 1904 facing SE", "end", "momentum", "activate bactrian-chief", "leader bactrian-chief 3215 3115 3114", "end", "momentum", "activate pharnuches", "fire archers at dahae", "move hoplites-2 to 3215-3216 facing E", "no-reaction", "end", "momentum", "pass sogdian-chief", "pass andromachus", "activate scythian-chief", "move massagetae-1 1814 1815 1816 1817 1918 facing E", "end", "momentum", "trump caranus", "move light-foot-1 2308 2309 facing SE", "end", "no-momentum", "activate spitamenes", "end", "no-momentum", "activate bactrian-chief", "end", "no-momentum", "activate pharnuches", "move hoplites-2 to 3317-3417 facing NE", "withdraw-leader bactrian-chief 3013 2913 2812 2712 2611", "move archers 2715 2714 2713 2712 facing SE", "withdraw-leader bactrian-chief 2511", "withdraw-leader bactrian-chief 2411", "end", "no-momentum", "activate sogdian-chief", "end", "momentum", "trump andromachus", "move companions 2310 2410 2511 2611 facing SW", "no-reaction", "no-reaction", "move archers 2713 2714 2614 facing E", "leader andromachus 2611 2712", "end", "momentum", "activate scythian-chief", "end", "activate caranus", "move light-foot-1 2208 2207 facing NW", "move companions 2512 2412 facing W", "end", "momentum", "activate spitamenes", "move sogdian-ha-5 1407 1406 1405 1404 1403 1402 facing NW", "end", "no-momentum", "activate pharnuches", "move light-foot-2 2717 facing SE", "end", "no-momentum", "activate sogdian-chief", "end", "momentum", "trump caranus", "trump spitamenes", "line HC from sogdian-nobles abreast", "move sogdian-nobles 1804 1805 1806 1807 1808 facing W", "react merc-horse-1 facing NW", "end", "momentum", "activate andromachus", "move archers 2613 2612 2712 2811 facing NE", "move companions 2312 2212 2113 facing SW", "leader andromachus 2711 2710 2709", "end", "activate scythian-chief", "move sogdian-nobles 1807 1907 facing E", "end", "activate pharnuches", "end", "no-momentum", "activate sogdian-chief", "end", "no-momentum", "activate andromachus", "move archers 2911 3010 facing W", "no-reaction", "end", "momentum", "trump spitamenes", "move archers 2910 2909 2908 facing E", "withdraw-leader sogdian-chief 3311 3411 3511", "end", "no-momentum", "activate scythian-chief", "end", "no-momentum", "activate caranus", "end", "momentum", "activate pharnuches", "move light-foot-2 2616 2517 facing W", "no-reaction", "end", "momentum", "trump sogdian-chief", "end", "momentum", "end", "activate scythian-chief", "end", "momentum", "no-trump", "end", "no-momentum", "activate andromachus", "move archers 3007 3107 3207 3307 3407 3508 facing E", "no-reaction", "withdraw bactrian-horse 3708 facing SE", "no-reaction", "fire archers at bactrian-horse", "end", "no-momentum", "activate caranus", "leader caranus 2508 2407 2307 2206 2106 2005 1905 1805", "end", "no-momentum", "activate spitamenes", "line HC from sogdian-nobles abreast", "move sogdian-nobles 2006 2106 2205 2306 2406 2506 facing SE", "withdraw-leader caranus 1804 1803", "react slingers facing NW", "end"];

test('the shock segment previews the odds of each combat, resolves it, and the log explains it', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((commands) => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands })), SHOCK_GAME);
  await page.goto('/#/play');
  await expect(page.locator('.prompt-text')).toContainText('must attack');
  await expect(page.locator('.odds-combat')).toHaveCount(1);
  await expect(page.locator('.odds-side.attacker .odds-title')).toContainText('rout');
  await expect(page.locator('.odds-side.defender .odds-bar').first()).toBeAttached();
  await page.screenshot({ path: 'artifacts/tablet-shock-odds.png' });
  await page.locator('.prompt .act.resolve-shock').tap();
  await page.locator('.tab-log').tap();
  const entry = page.locator('.log-entry', { hasText: 'Sogdian Nobles attack Slingers' });
  await expect(entry).toHaveCount(1);
  await expect(entry.locator('.rule')).toHaveText('9.16');
  await page.screenshot({ path: 'artifacts/tablet-shock-log.png' });
});

// A whole Samarkand battle (seed 1, the seeded random player with seed 9) that ends with an
// army's withdrawal.
const FINISHED_GAME = ["activate bactrian-chief", "move bactrian-horse 3215 3115 3114 facing SE", "move sogdian-ha-5 3414 3315 3215 3116 3016 2917 2817 facing W", "end", "momentum", "pass pharnuches", "activate scythian-chief", "move dahae 1815 1816 1817 facing NE", "end", "no-momentum", "activate andromachus", "move archers 2809 facing W", "move merc-horse-2 2513 2514 facing NW", "fire archers at sogdian-ha-2", "fire slingers at bactrian-horse", "end", "momentum", "activate sogdian-chief", "move sogdian-lancers-1 3608 3509 3408 3308 facing SE", "move sogdian-ha-4 3511 facing W", "end", "momentum", "activate menedemus", "move light-foot-1 2709 2708 facing SE", "move merc-horse-4 2913 2914 3014 facing NE", "no-reaction", "move hoplites-2 to 3010-3110 facing NW", "end", "shock", "no-momentum", "activate caranus", "fire slingers at bactrian-horse", "move light-foot-2 2613 2514 2414 facing SE", "move merc-horse-3 2810 facing NE", "move companions 2712 2612 2513 2413 facing NW", "end", "momentum", "activate spitamenes", "line LC/A from massagetae-1 abreast", "move sogdian-ha-1 2506 2605 2706 2806 2906 facing SE", "end", "no-momentum", "activate bactrian-chief", "move bactrian-horse facing SW", "end", "shock", "momentum", "activate pharnuches", "fire slingers at bactrian-horse", "move hoplites-1 to 2513-2613 facing SW", "end", "momentum", "activate scythian-chief", "move massagetae-1 1809 1710 1610 1611 1612 1613 facing W", "end", "no-momentum", "activate andromachus", "move merc-horse-1 2511 2410 2311 2211 2112 facing SE", "move slingers 2814 2815 2916 3016 3117 facing E", "withdraw sogdian-ha-5 2818 facing W", "withdraw-leader bactrian-chief 3315 3314 3413", "move merc-horse-2 2515 facing NW", "end", "no-momentum", "activate sogdian-chief", "end", "no-momentum", "trump caranus", "no-trump", "move companions 2313 2213 facing SE", "move merc-horse-2 2615 facing E", "move light-foot-2 2415 2416 2417 2418 2419 facing SE", "withdraw sogdian-ha-6 2117 2016 facing NW", "move javelins 2310 2309 2408 2508 facing NW", "end", "no-momentum", "activate menedemus", "move archers 2710 2711 2712 2713 facing SE", "fire archers at bactrian-horse", "end", "shock merc-horse-4", "activate spitamenes", "move sogdian-nobles 2207 2208 2309 2409 facing SE", "move sogdian-ha-2 2705 2605 2506 2406 2307 2207 facing NW", "end", "momentum", "activate bactrian-chief", "end", "no-momentum", "pass pharnuches", "activate sogdian-chief", "end", "momentum", "trump andromachus", "move sogdian-lancers-1 3407 3507 3606 facing NE", "move sogdian-ha-4 3411 3412 facing NW", "end", "no-momentum", "activate menedemus", "move archers 2812 2912 3012 3113 facing SW", "move merc-horse-3 2809 2808 2807 2707 2706 2705 facing NW", "no-reaction", "move merc-horse-4 2915 2916 2917 2918 facing SW", "withdraw sogdian-ha-5 2819 facing W", "no-reaction", "end", "no-momentum", "activate scythian-chief", "move massagetae-2 1712 1612 1513 facing NW", "move massagetae-1 1612 1712 facing NE", "end", "no-momentum", "activate caranus", "move hoplites-1 to 2316-2415 facing SE", "move merc-horse-2 2614 2714 2813 facing W", "leader caranus 2512 2411 2311 2210 2110 2009 1909 1908", "end", "no-momentum", "activate spitamenes", "line LC/A from massagetae-1 abreast", "move sogdian-ha-2 2107 2007 facing NW", "no-reaction", "no-reaction", "end", "momentum", "line LC/A from massagetae-1 abreast", "move sogdian-ha-2 1907 1807 1708 1608 facing E", "end", "momentum", "rally bactrian-horse facing W", "move sogdian-ha-2 1509 1510 facing SE", "move sogdian-nobles 2309 2208 2109 facing NW", "end", "trump scythian-chief", "move sogdian-ha-4 3512 3612 3713 facing E", "end", "momentum", "activate pharnuches", "move merc-horse-2 2713 2612 2513 facing SW", "move hoplites-2 to 2912-3011 facing SE", "end", "momentum", "activate sogdian-chief", "move sogdian-lancers-1 3506 3405 3404 facing SW", "move sogdian-ha-4 3613 3514 3414 3415 3416 3417 facing SW", "leader sogdian-chief 3409 3309 3208 3108 3007 2907 2806 2805", "end", "no-momentum", "activate menedemus", "move hoplites-2 to 3111-3210 facing NW", "end", "momentum", "trump spitamenes", "line HC from sogdian-nobles abreast", "move sogdian-nobles 2208 2309 2409 2509 facing E", "no-reaction", "end", "no-momentum", "activate andromachus", "move merc-horse-2 2413 2314 2214 facing NE", "move companions 2214 2215 2216 facing SE", "no-reaction", "end"];

test('a battle that ends shows the outcome and each side\'s losses', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((commands) => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands })), FINISHED_GAME);
  await page.goto('/#/play');
  await expect(page.locator('.prompt-text')).toContainText('The battle is over');
  await expect(page.locator('.battle-report tr')).toHaveCount(5);
  await expect(page.locator('.battle-report')).toContainText('Rout points');
  await page.screenshot({ path: 'artifacts/tablet-battle-over.png' });
  await page.locator('.tab-log').tap();
  await expect(page.locator('.log-entry', { hasText: 'withdraw' }).first()).toBeAttached();
});
