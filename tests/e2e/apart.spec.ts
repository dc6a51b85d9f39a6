import { test, expect, Page, Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';

// Playing apart (issue 22 §1): two browser contexts are two devices with their own storage.
// Samarkand is begun on one with the other side "played by a player on another device"; each
// plays until the decision passes, sends the move by link, and the other takes it in, watches
// what happened since and decides. A move that does not continue the game (another battle,
// other dice, an earlier command changed) is refused with its reason and changes nothing.

async function currentSave(page: Page) {
  return JSON.parse(await page.evaluate(() => {
    const current = JSON.parse(localStorage.getItem('sarissa.library') ?? '{}').current;
    return localStorage.getItem(`sarissa.game.${current}`) ?? '{}';
  }));
}

async function device(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  return { context, page, problems };
}

/// Samarkand begun with side 1 played on another device.
async function startApart(page: Page) {
  await page.goto('/');
  const card = page.locator('.battle-card[data-scenario="samarkand"]');
  await card.locator('select.seat[data-side="1"]').selectOption('a player on another device');
  await card.locator('.play').tap();
  await expect(page).toHaveURL(/#\/play$/);
}

/// The quickest answer to each decision: no markers, no trump, pass, end orders, no reaction.
const QUICK = ['place-pw', 'no-trump', 'pass', 'end-orders', 'no-momentum', 'no-reaction', 'line-done', 'activate'];

/// Plays this side's decisions until the decision passes to the other device.
async function playUntilTheirs(page: Page) {
  const waiting = page.locator('.prompt.apart-waiting');
  for (let step = 0; step < 40; step++) {
    if (await waiting.isVisible()) return;
    for (const kind of QUICK) {
      const button = page.locator(`.prompt .act.${kind}`).first();
      if (await button.isVisible()) {
        await button.tap();
        break;
      }
    }
  }
  await expect(waiting).toBeVisible();
}

/// "Send your move": the link from the sheet.
async function sendMove(page: Page, screenshot?: string) {
  await page.locator('.prompt .send-move').tap();
  const input = page.locator('.share-sheet .apart-link input');
  await expect(input).toHaveValue(/#\/apart\/[0-9a-f]+\/[01]\/g2\./);
  if (screenshot) await page.screenshot({ path: screenshot });
  const link = await input.inputValue();
  await page.locator('.share-sheet .close').tap();
  return link;
}

/// Opens a move received: what happened since is shown first, then this side decides.
async function receive(page: Page, link: string, screenshot?: string) {
  await page.goto(link);
  await expect(page.locator('.replaying.since')).toBeVisible();
  if (screenshot) {
    await page.locator('.replay-bar .step-on').tap();
    await page.screenshot({ path: screenshot });
  }
  const toEnd = page.locator('.replay-bar .to-end');
  if (await toEnd.isEnabled()) await toEnd.tap();
  await expect(toEnd).toBeDisabled();
  await page.locator('.replay-bar .decide').tap();
  await expect(page.locator('.prompt-text')).toBeVisible();
  await expect(page.locator('.replaying')).toHaveCount(0);
}

test('two devices play Samarkand apart by link, and end with the same game', async ({ browser }) => {
  test.setTimeout(420_000);
  const a = await device(browser);
  const b = await device(browser);
  await startApart(a.page);
  // This device's side decides first; the other side's decision is never offered here.
  await playUntilTheirs(a.page);
  await expect(a.page.locator('.prompt-text')).toContainText('on the other player’s device');
  let link = await sendMove(a.page, 'artifacts/apart-send.png');
  await receive(b.page, link, 'artifacts/apart-since.png');
  for (let exchange = 0; exchange < 2; exchange++) {
    await playUntilTheirs(b.page);
    await receive(a.page, await sendMove(b.page));
    await playUntilTheirs(a.page);
    link = await sendMove(a.page);
    await receive(b.page, link);
  }
  const [saveA, saveB] = [await currentSave(a.page), await currentSave(b.page)];
  expect(saveB.commands).toEqual(saveA.commands);
  expect(saveB.seed).toBe(saveA.seed);
  expect(saveA.commands.length).toBeGreaterThan(4);
  // The same link opened again changes nothing.
  await b.page.goto(link);
  await expect(b.page).toHaveURL(/#\/play$/);
  expect((await currentSave(b.page)).commands).toEqual(saveA.commands);
  // Each library says whose move it is, and since when.
  await a.page.goto('/');
  await expect(a.page.locator('.library-game.apart .standing')).toContainText('to move, on the other device · the move passed');
  await b.page.goto('/');
  await expect(b.page.locator('.library-game.apart .standing')).toContainText('your move (');
  expect([...a.problems, ...b.problems]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

/// The `g2.` link of a game begun normally on `page` (one command played), from its share sheet.
async function plainLink(page: Page, battle: string) {
  await page.goto('/');
  await page.locator(`.battle-card[data-scenario="${battle}"] .play`).tap();
  await expect(page).toHaveURL(/#\/play$/);
  await page.locator('.topbar .back').tap();
  await page.locator(`.library-game[data-scenario="${battle}"] .share`).first().tap();
  const link = await page.locator('.share-sheet .game-link input').inputValue();
  await page.locator('.share-sheet .close').tap();
  return link.slice(link.indexOf('#') + 1);
}

test('a move that does not continue the game is refused with its reason, and the game stays', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await device(browser);
  const b = await device(browser);
  const c = await device(browser);
  await startApart(a.page);
  await playUntilTheirs(a.page);
  const link = await sendMove(a.page);
  await receive(b.page, link);
  const [, game, side] = /#\/apart\/([0-9a-f]+)\/([01])\//.exec(link)!;
  const before = await currentSave(b.page);
  const unchanged = async (why: RegExp) => {
    await expect(b.page.locator('.notice')).toContainText(why);
    expect(await currentSave(b.page)).toEqual(before);
    await expect(b.page.locator('.library-game')).toHaveCount(1);
  };
  // Another battle, and the same battle with other dice, sent as this game's move.
  const granicus = await plainLink(c.page, 'granicus');
  await b.page.goto(`/#/apart/${game}/${side}/${granicus}`);
  await unchanged(/another battle/);
  const otherDice = await plainLink(c.page, 'samarkand');
  await b.page.goto(`/#/apart/${game}/${side}/${otherDice}`);
  await unchanged(/dice seed differs/);
  // The file of the move, with its first command changed.
  await a.page.locator('.prompt .send-move').tap();
  const download = a.page.waitForEvent('download');
  await a.page.locator('.share-sheet .save-file').tap();
  const good = readFileSync((await (await download).path())!, 'utf8');
  expect(JSON.parse(good).apart).toEqual({ game, side: Number(side) });
  // Edited as text: JSON.parse would round the 64-bit seed.
  const changed = good.replace(/"commands": \[\s*"([^"]*)"/, (m, first) => m.replace(`"${first}"`, first === 'pass' ? '"end"' : '"pass"'));
  expect(changed).not.toEqual(good);
  await b.page.locator('.library .import input[type=file]').setInputFiles({ name: 'move.sarissa', mimeType: 'application/json', buffer: Buffer.from(changed) });
  await unchanged(/history differs from the one you sent, at command 1/);
  // The file as sent is taken in: nothing new, as the link brought the same move.
  await b.page.locator('.library .import input[type=file]').setInputFiles({ name: 'move.sarissa', mimeType: 'application/json', buffer: Buffer.from(good) });
  await expect(b.page).toHaveURL(/#\/play$/);
  expect(await currentSave(b.page)).toEqual(before);
  expect([...a.problems, ...b.problems]).toEqual([]);
  for (const d of [a, b, c]) await d.context.close();
});
