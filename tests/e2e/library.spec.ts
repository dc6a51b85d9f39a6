import { test, expect, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

// The games on this device: the old single save migrated, several games side by side, rename,
// delete with a way back, and a game saved as a file opened in a fresh browser.

async function currentSave(page: Page) {
  return JSON.parse(await page.evaluate(() => {
    const current = JSON.parse(localStorage.getItem('sarissa.library') ?? '{}').current;
    return localStorage.getItem(`sarissa.game.${current}`) ?? '{}';
  }));
}

async function startBattle(page: Page, id: string) {
  await page.goto('/');
  await page.locator(`.battle-card[data-scenario="${id}"] .play`).tap();
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
}

test('the single save of earlier versions becomes the first game of the library', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 7, commands: [] })));
  await page.reload();
  const rows = page.locator('.library-game');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-scenario', 'samarkand');
  await expect(rows.first().locator('.standing')).toContainText('turn 1');
  expect(await page.evaluate(() => localStorage.getItem('sarissa.autosave'))).toBeNull();
  expect((await currentSave(page)).seed).toBe(7);
});

test('two games side by side: starting one never replaces another; rename; delete and bring back', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await startBattle(page, 'samarkand');
  await page.locator('.topbar .back').tap();
  await startBattle(page, 'granicus');
  await page.locator('.topbar .back').tap();
  const rows = page.locator('.library-game');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-scenario', 'granicus');
  await expect(rows.nth(1)).toHaveAttribute('data-scenario', 'samarkand');
  await expect(rows.nth(1).locator('.battle')).toContainText(' against ');
  await expect(rows.nth(1).locator('.standing')).toContainText('to decide');

  const samarkand = page.locator('.library-game[data-scenario="samarkand"]');
  await samarkand.locator('.rename-game').tap();
  await samarkand.locator('input.rename').fill('Spitamenes, second try');
  await samarkand.locator('input.rename').press('Enter');
  await expect(samarkand.locator('.game-name')).toHaveText('Spitamenes, second try');

  await samarkand.locator('.delete').tap();
  await expect(rows).toHaveCount(1);
  await expect(page.locator('.library-notice')).toContainText('Spitamenes, second try');
  await page.screenshot({ path: 'artifacts/tablet-library.png' });
  await page.locator('.library-notice .undelete').tap();
  await expect(rows).toHaveCount(2);
  await expect(page.locator('.library-game[data-scenario="samarkand"] .game-name')).toHaveText('Spitamenes, second try');

  // Continue opens that game, not the last one started.
  await page.locator('.library-game[data-scenario="samarkand"] .continue').tap();
  await expect(page.locator('.topbar .battle-name')).toContainText('Samarkand');
  await page.reload();
  await expect(page.locator('.topbar .battle-name')).toContainText('Samarkand');
  expect(problems).toEqual([]);
});

test('a game saved as a file opens in a fresh browser at the same position', async ({ page, browser }) => {
  await startBattle(page, 'samarkand');
  // One command, so that the file carries a history.
  await page.locator('.prompt .act.place-pw').tap();
  await expect(page.locator('.prompt-text')).toContainText('activate a leader');
  const saved = await currentSave(page);
  expect(saved.commands.length).toBe(1);
  await page.locator('.topbar .back').tap();
  const download = page.waitForEvent('download');
  await page.locator('.library-game .save-file').first().tap();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/\.sarissa$/);
  const text = readFileSync(file!, 'utf8');
  expect(JSON.parse(text)).toEqual(saved);

  const fresh = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const other = await fresh.newPage();
  await other.goto('/');
  await other.locator('.library .import input[type=file]').setInputFiles({ name: 'game.sarissa', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(other).toHaveURL(/#\/play$/);
  await expect(other.locator('.prompt-text')).toContainText('activate a leader');
  expect(await currentSave(other)).toEqual(saved);
  // The same game again: the library asks, and may keep both.
  await other.locator('.topbar .back').tap();
  await other.locator('.library .import input[type=file]').setInputFiles({ name: 'game.sarissa', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(other.locator('.arrival')).toContainText('already here');
  await other.locator('.arrival .keep-both').tap();
  await other.locator('.topbar .back').tap();
  await expect(other.locator('.library-game')).toHaveCount(2);
  // A damaged file is refused in plain words, and nothing else is touched.
  await other.locator('.library .import input[type=file]').setInputFiles({ name: 'broken.sarissa', mimeType: 'application/json', buffer: Buffer.from(text.slice(0, 40)) });
  await expect(other.locator('.notice')).toContainText('broken.sarissa');
  await expect(other.locator('.library-game')).toHaveCount(2);
  await fresh.close();
});

test('a game sent as a link opens on another device at the same position; so does a position link', async ({ page, browser }) => {
  await startBattle(page, 'samarkand');
  await page.locator('.prompt .act.place-pw').tap();
  await page.locator('.prompt .act.activate').first().tap();
  const prompt = await page.locator('.prompt-text').textContent();
  // The save is written in a task of its own after the screen is drawn: wait for the activation.
  await expect.poll(async () => (await currentSave(page)).commands?.length).toBe(2);
  const saved = await currentSave(page);
  await page.locator('.topbar .back').tap();
  await page.locator('.library-game .share').first().tap();
  const sheet = page.locator('.share-sheet');
  await expect(sheet.locator('.game-link input')).toHaveValue(/#g2\./);
  const gameLink = await sheet.locator('.game-link input').inputValue();
  const positionLink = await sheet.locator('.position-link input').inputValue();
  expect(Number(await sheet.locator('.game-link').getAttribute('data-length'))).toBe(gameLink.length);
  await page.screenshot({ path: 'artifacts/tablet-share.png' });

  const friend = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const other = await friend.newPage();
  await other.goto(gameLink);
  await expect(other).toHaveURL(/#\/play$/);
  await expect(other.locator('.prompt-text')).toHaveText(prompt!);
  expect((await currentSave(other)).commands).toEqual(saved.commands);
  // The position link starts a new game from where it stands, beside the first.
  await other.goto(positionLink);
  await expect(other).toHaveURL(/#\/play$/);
  await expect(other.locator('.prompt-text')).toHaveText(prompt!);
  await other.locator('.topbar .back').tap();
  await expect(other.locator('.library-game')).toHaveCount(2);
  // A link damaged on the way is refused in plain words; the library is untouched.
  await other.goto(gameLink.slice(0, -12) + 'AAAAAAAAAAAA');
  await expect(other.locator('.notice')).toContainText('could not be opened');
  await expect(other.locator('.library-game')).toHaveCount(2);
  await friend.close();
});

test('a game plays back move by move and turn by turn, and a new game plays on from any move', async ({ page }) => {
  await startBattle(page, 'samarkand');
  await page.locator('.prompt .act.place-pw').tap();
  await page.locator('.prompt .act.activate').first().tap();
  await page.locator('.prompt .act.end-orders').tap();
  // The save is written after the screen is drawn (issue 19): wait for it rather than race it.
  await expect.poll(async () => ((await currentSave(page)).commands ?? []).length).toBeGreaterThanOrEqual(3);
  const commands = (await currentSave(page)).commands.length;
  await page.locator('.topbar .back').tap();
  await page.locator('.library-game .replay').first().tap();
  await expect(page).toHaveURL(/#\/replay$/);
  const where = page.locator('.replay-bar .where');
  await expect(where).toHaveAttribute('data-step', String(commands));
  await page.locator('.replay-bar .to-start').tap();
  await expect(where).toHaveAttribute('data-step', '0');
  await expect(where).toContainText(`move 0 of ${commands} · turn 1`);
  await page.locator('.replay-bar .step-on').tap();
  await expect(where).toHaveAttribute('data-step', '1');
  await page.locator('.replay-bar .step-on').tap();
  await expect(where).toHaveAttribute('data-step', '2');
  // The log follows: the activation is the last thing in it after move 2.
  await page.locator('.replay-bar .step-back').tap();
  await expect(where).toHaveAttribute('data-step', '1');
  await page.locator('.replay-bar .turn-on').tap();
  await expect(where).toHaveAttribute('data-step', String(commands));
  await page.screenshot({ path: 'artifacts/tablet-replay.png' });
  await page.locator('.replay-bar .to-start').tap();
  await page.locator('.replay-bar .step-on').tap();
  await page.locator('.replay-bar .play-on').tap();
  await expect(page).toHaveURL(/#\/play$/);
  expect((await currentSave(page)).commands.length).toBe(1);
  await page.locator('.topbar .back').tap();
  await expect(page.locator('.library-game')).toHaveCount(2);
});
