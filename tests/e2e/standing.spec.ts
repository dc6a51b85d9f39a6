import { test, expect, Page } from '@playwright/test';

// Fewer questions (issues 20 and 22): a rout with forks is one decision, and standing orders
// answer a side's questions in the other side's move, saying so in the log.

// Opens the game as if it had been saved after `commands` (seed 1) on this device.
async function loadGame(page: Page, scenario: string, commands: string[]) {
  await page.goto('/');
  await page.evaluate(([scenario, commands]) => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario, seed: 1, commands })), [scenario, commands] as const);
  await page.goto('/#/play');
}

async function openLog(page: Page) {
  if (await page.locator('.panel').isHidden()) await page.locator('.drawer-toggle').tap();
  await page.locator('.tab-log').tap();
}

// A Samarkand game of the seeded random player (as in play.spec.ts): at its end of turn 3 the
// routed Merc Horse I runs on, its way forking five times.
const FINISHED_GAME = ["pre-arrange","activate bactrian-chief","line HC from sogdian-nobles abreast","move bactrian-horse 3315 3314 3313 3312 3311 facing NE","end","no-momentum","activate pharnuches","move hoplites-2 to 2914-3013 facing SE","withdraw bactrian-horse 3310 3409 facing E","move companions 2610 2510 2409 2310 facing W","end","no-momentum","trump spitamenes","line LC/A from massagetae-1 abreast","move sogdian-ha-1 2507 2607 2708 2808 2909 3009 3110 3111 facing SE","no-reaction","no-reaction","end","no-momentum","activate scythian-chief","move massagetae-1 1910 1911 1912 1913 1813 facing NE","move dahae 2015 2116 2216 2316 2415 facing NE","move massagetae-2 1913 1914 1915 2015 2116 2216 2317 2318 facing SE","end","activate andromachus","end","activate sogdian-chief","fire sogdian-ha-1 at hoplites-2","move sogdian-ha-5 3413 3313 3212 3112 3012 facing W","no-reaction","move sogdian-lancers-1 3707 3706 3705 3704 3803 3903 facing NE","end","activate caranus","end","shock","pre-arrange","pass bactrian-chief","activate pharnuches","move archers 2811 2812 2813 2814 2815 facing SW","move light-foot-2 2714 2715 2716 facing W","fire archers at dahae","end","shock merc-horse-4","rout sogdian-ha-5 to 3112","advance-turn merc-horse-4 facing SE","momentum","no-trump","move merc-horse-4 facing NE","move merc-horse-2 2513 2413 2314 2214 facing SW","withdraw dahae 2516 facing E","end","momentum","trump spitamenes","move merc-horse-3 2910 2909 2908 3007 3107 facing E","no-reaction","withdraw sogdian-ha-3 3307 facing SW fire","no-reaction","move merc-horse-1 2610 2510 2409 2309 2308 2307 facing NW","withdraw-leader spitamenes 2205 2204","no-reaction","end","shock","rout merc-horse-1 to 2406","rout merc-horse-1 to 2506","activate sogdian-chief","fire sogdian-ha-3 at merc-horse-3","move sogdian-ha-1 3010 3009 facing NE","fire sogdian-ha-1 at merc-horse-3","move sogdian-ha-4 3509 3508 3507 3506 3505 facing NW","end","momentum","trump andromachus","move companions 2309 2308 facing NW","move light-foot-1 2609 2510 2410 facing SW","move javelins 2210 2110 2009 1909 facing NW","end","momentum","activate scythian-chief","line LC/A from massagetae-1 abreast","move massagetae-1 1812 1811 1810 1910 2009 2008 facing NW","no-reaction","no-reaction","leader scythian-chief 1712 1711 1710 1709 1708 1707 1706","end","activate caranus","move hoplites-1 to 2412-2512 facing SE","move light-foot-1 2510 facing E","move slingers 2913 facing SE","move hoplites-2 to 2914-2915 facing W","end","no-momentum","rout merc-horse-1 to 2605","rout merc-horse-1 to 2904","rout merc-horse-1 to 3003","rout merc-horse-1 to 3103","rout merc-horse-1 to 3202","rout sogdian-ha-5 to 2717","pre-arrange","activate bactrian-chief","leader bactrian-chief 3216 3217 3218 3219","leader bactrian-chief 3120 3020 2921 2922","end","momentum","activate pharnuches","end","no-momentum","pass scythian-chief","activate andromachus","move light-foot-1 2609 2710 2810 2911 facing E","withdraw sogdian-ha-1 3109 3208 facing NE","end","momentum","activate sogdian-chief","move bactrian-horse 3309 3308 facing NE","move sogdian-ha-1 3108 3007 2907 facing NW","no-reaction","move sogdian-ha-3 3207 facing W","no-reaction","end","no-momentum","pass caranus","activate spitamenes","move massagetae-1 2007 1907 1807 1708 1608 1509 facing NE","move sogdian-nobles 2306 2405 2505 2604 2704 2804 facing E","move sogdian-ha-2 2705 2604 facing NW","end","no-momentum","rout merc-horse-1 to 3302","rout merc-horse-1 to 3401","rout merc-horse-1 to 3501","rout merc-horse-1 to 3701","rout sogdian-ha-5 to 2517","rout sogdian-ha-5 to 2416","rout sogdian-ha-5 to 2316","rout sogdian-ha-5 to 2116","rout sogdian-ha-5 to 2015","rout sogdian-ha-5 to 1915","rout sogdian-ha-5 to 1814","pre-arrange","activate bactrian-chief","end","no-momentum","activate pharnuches","move light-foot-1 3010 3110 facing SW","move hoplites-1 to 2613-2714 facing SW","end","momentum","activate scythian-chief","move massagetae-1 1408 1308 1207 1107 1006 0907 facing W","leader scythian-chief 1606 1507 1407 1408 1409","end","momentum","no-trump","leader scythian-chief 1309 1209 1110 1010 0911 0811 0712","leader scythian-chief 0811","end","momentum","no-trump","end","activate andromachus","move hoplites-1 to 2313-2413 facing SW","no-reaction","end","no-momentum","activate sogdian-chief","end","momentum","activate caranus","move slingers 3012 3112 3211 facing E","move hoplites-2 to 2613-2614 facing W","withdraw dahae 2416 facing SE fire","end","momentum","activate spitamenes","move sogdian-nobles 2705 2706 2707 facing SW","move sogdian-ha-2 2605 2606 2607 2608 2609 facing SE","no-reaction","end","momentum","move sogdian-nobles 2708 2709 2710 2711 2712 facing E","no-reaction","no-reaction","withdraw-leader caranus 2513 2413","no-reaction","end","momentum","end","rout sogdian-ha-5 to 1714","rout sogdian-ha-5 to 1613","rout sogdian-ha-5 to 1513","rout sogdian-ha-5 to 1412","rout sogdian-ha-5 to 1312","rout sogdian-ha-5 to 1211","rout sogdian-ha-5 to 1111","rout sogdian-ha-5 to 1010"];

// A Hydaspes game of the seeded random player (as in play.spec.ts): the Dahae have just come
// up beside Porus's elephants-11, which may turn to face them (GBA 7.16).
const RAMPAGE_GAME = ["activate perdiccas", "move hephaestion-1 2538 2438 2339 facing W", "move hephaestion-2 2738 2838 2939 3039 3140 facing NW", "move scythians 2840 2839 2838 facing SE", "move perdiccas-2 2639 2638 facing NW", "end", "activate elephant-lord", "move elephants-8 3526 3425 3326 facing NW", "move elephants-11 3532 3432 3333 3233 3134 3034 facing W", "end", "no-momentum", "trump porus", "move elephants-6 3520 3419 facing NE", "move bowmen-6 3620 3720 3719 facing NE", "end", "momentum", "trump seleucus", "move javelinmen-2 2835 2936 3035 3136 facing NW", "no-reaction", "fire mac-archers-3 at elephants-11", "end", "no-momentum", "activate foot-captain", "move bowmen-8 3525 3424 3325 facing W", "move elephants-7 3524 facing W", "end", "activate son-of-porus", "line LC from horse-1 abreast", "move horse-3 3604 3504 3403 3303 3202 3103 facing W", "move horse-5 3806 facing NE", "end", "activate antigenes", "leader antigenes 2626 2625 2624 2724 2823", "move javelinmen-1 2623 2723 2822 2922 facing NE", "end", "activate spitaces", "move horse-9 3639 3539 3439 3340 3240 facing NW", "no-reaction", "move chariots-6 3541 3441 facing W", "end", "shock horse-9", "rout horse-9 to 3341", "activate tauron", "move mac-archers-2 2723 facing NW", "move agrianians-1 2526 2425 2325 2324 facing NW", "end", "activate cleitus", "move hyp-2 2732 2831 2931 facing E", "move coenus-taxis to 2526-2626 facing NE", "leader cleitus 2529 2528 2527 2526 2525", "end", "pass demetrius", "activate perdiccas", "move hephaestion-1 2238 2139 2039 facing SW", "move perdiccas-1 2540 2440 facing SW", "move perdiccas-2 2538 2437 2337 2236 facing SW", "move dahae-2 2939 2938 2937 2936 3035 facing NW", "react elephants-11 facing NW"];

test('a rout with forks takes one decision: its whole path, the preferred one drawn (10.21)', async ({ page }) => {
  await loadGame(page, 'samarkand', FINISHED_GAME.slice(0, FINISHED_GAME.indexOf('rout merc-horse-1 to 2605')));
  await expect(page.locator('.prompt-text')).toContainText('choose where Merc Horse I routs');
  const ways = page.locator('.prompt .act.rout-way');
  expect(await ways.count()).toBeGreaterThan(1);
  await expect(ways.first()).toContainText('Preferred: ');
  // The preferred path is drawn on the map.
  expect(await page.locator('polyline.path-preview').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'artifacts/standing-rout-ways.png' });
  // One tap: the whole rout, every fork of it (it forked five times in the recorded game).
  await ways.first().tap();
  await expect(page.locator('.prompt-text')).not.toContainText('Merc Horse I routs');
  await openLog(page);
  await expect(page.locator('.log-entry', { hasText: 'Merc Horse I' }).first()).toBeAttached();
});

test('with "always turn to face" set, a reaction is answered without asking, and the log says so (7.16)', async ({ page }) => {
  await loadGame(page, 'hydaspes', RAMPAGE_GAME.slice(0, RAMPAGE_GAME.length - 1));
  await expect(page.locator('.prompt-text')).toContainText('may turn to face it');
  await page.locator('.game-menu > summary').tap(); // the top bar's menu
  await page.locator('.standing-toggle').tap();
  const face = page.locator('.standing-answer[data-side="1"][data-question="0"]');
  await face.selectOption({ label: 'Always turn to face' });
  await page.screenshot({ path: 'artifacts/standing-sheet.png' });
  await page.locator('.close-standing').tap();
  await openLog(page);
  const entry = page.locator('.log-entry', { hasText: 'by standing order — reaction facing' }).first();
  await expect(entry).toBeAttached();
  await expect(entry).toContainText('Indians of Porus');
  await page.screenshot({ path: 'artifacts/standing-log.png' });
  await expect(page.locator('.log-entry', { hasText: 'Elephants 11' }).first()).toBeAttached();
  // The orders are saved with the game: after a reload the sheet shows them.
  await page.reload();
  await page.locator('.game-menu > summary').tap(); // the top bar's menu
  await page.locator('.standing-toggle').tap();
  await expect(page.locator('.standing-answer[data-side="1"][data-question="0"]')).toHaveValue('1');
});

test('a leader who will do nothing is passed in one tap: no more orders, no attack, no momentum (5.15)', async ({ page }) => {
  await page.goto('/');
  await page.locator('.battle-card[data-scenario="samarkand"] .play').tap();
  await page.locator('.prompt .act.place-pw').tap();
  await page.locator('.prompt .act.activate').first().tap();
  await expect(page.locator('.prompt .act.end-orders')).toBeVisible();
  await page.locator('.prompt .act.pass-leader').tap();
  // His orders end, momentum is declined for him, and the next activation is offered.
  await expect(page.locator('.prompt-text')).toContainText('activate a leader');
  await expect(page.locator('.prompt .act.pass-leader')).toHaveCount(0);
});
