import { test, expect, Page, Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';

// Playing apart (issue 22): two browser contexts are two devices with their own storage.
// Samarkand is begun on one with the other side "played by a player on another device". The
// dice are sealed first: the device that begins seals its own and sends the game before anyone
// moves; the other seals on joining, and each reveals a value of its chain whenever it takes the
// decision. Each plays until the decision passes, sends the move by link with its standing
// orders, and the other takes it in, watches what happened since and decides; the orders answer
// the questions the rules put to a side in the other side's move. A move that does not continue
// the game (another battle, other dice, an earlier command changed, a die value changed) is
// refused with its reason and changes nothing.

async function stored(page: Page, prefix: string) {
  return JSON.parse(await page.evaluate((prefix) => {
    const current = JSON.parse(localStorage.getItem('sarissa.library') ?? '{}').current;
    return localStorage.getItem(`${prefix}${current}`) ?? '{}';
  }, prefix));
}

const currentSave = (page: Page) => stored(page, 'sarissa.game.');
/// The state of the battle the device holds (kept beside the save; the state hash is its hash).
const currentState = async (page: Page) => (await stored(page, 'sarissa.checkpoint.')).state;

async function tapCentre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
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
  await expect(input).toHaveValue(/#\/apart\/[0-9a-f]+\/[01]\/o1\.[0-9a-z~.-]+\/g2\./);
  if (screenshot) await page.screenshot({ path: screenshot });
  const link = await input.inputValue();
  await page.locator('.share-sheet .close').tap();
  return link;
}

/// Opens a move received: what happened since is shown first, then this side decides (and its
/// device reveals its next die value). `watched` runs while the move is shown, before that.
async function receive(page: Page, link: string, screenshot?: string, watched?: () => Promise<void>) {
  await page.goto(link);
  await expect(page.locator('.replaying.since')).toBeVisible();
  if (watched) await watched();
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

/// Sets this device's standing orders: withdraw cavalry from slower enemies, and one unit that
/// never turns to face, on its row of the sheet.
async function setOrders(page: Page, side: number, screenshot?: string) {
  await page.locator('.game-menu > summary').tap(); // the top bar's menu
  await page.locator('.standing-toggle').tap();
  await page.locator(`.standing-answer[data-side="${side}"][data-question="1"]`).selectOption({ label: 'Withdraw cavalry' });
  // The other side's orders are theirs to set, on their device.
  await expect(page.locator(`.standing-answer[data-side="${1 - side}"][data-question="1"]`)).toBeDisabled();
  await page.locator(`.add-unit-orders[data-side="${side}"]`).selectOption({ index: 1 });
  const row = page.locator('.standing-units .unit-orders').first();
  await expect(row).toBeVisible();
  await row.locator('.unit-answer[data-question="0"]').selectOption({ label: 'Never turn' });
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.locator('.close-standing').tap();
}

/// Macedonians: Pharnuches activated, the archers sent from 2810 to 3007, within two hexes of
/// Sogdian HA III, which the rules then let withdraw (6.7): the Sogdians' question, answered on
/// this device by the orders their player sent.
async function archersForward(page: Page) {
  await page.locator('.prompt .act.activate').first().tap();
  await expect(page.locator('.prompt-text')).toContainText(/orders? left/);
  await page.locator('.zoom-fit').tap();
  const ring = await page.locator('.orderable[data-hex="2810"]').boundingBox();
  await page.mouse.move(ring!.x + ring!.width / 2, ring!.y + ring!.height / 2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
  await tapCentre(page, '.orderable[data-hex="2810"]');
  await expect(page.locator('.reach[data-reach="3007"]')).toBeAttached();
  await tapCentre(page, '.reach[data-reach="3007"]');
  await page.locator('.prompt .act.face').first().tap();
}

async function openLog(page: Page) {
  if (await page.locator('.panel').isHidden()) await page.locator('.drawer-toggle').tap();
  await page.locator('.tab-log').tap();
}

test('two devices play Samarkand apart by link, with sealed dice and standing orders, and hold the same game', async ({ browser }) => {
  test.setTimeout(420_000);
  const a = await device(browser);
  const b = await device(browser);
  await startApart(a.page);
  // Nobody moves before both have sealed their dice: the game goes to the other device first.
  await expect(a.page.locator('.prompt.apart-waiting .prompt-text')).toContainText('Your dice are sealed');
  await a.page.locator('.sealed-help summary').tap();
  await expect(a.page.locator('.sealed-help p')).toContainText('What sealed dice cannot stop');
  await a.page.screenshot({ path: 'artifacts/apart-sealed.png' });
  await a.page.locator('.prompt .act.place-pw, .prompt .act.activate').first().isVisible().then((v) => expect(v).toBe(false));
  let link = await sendMove(a.page, 'artifacts/apart-send.png');
  expect(link).toMatch(/#\/apart\/[0-9a-f]+\/1\/o1\.\d{7}\/g2\./);
  // The other device joins: it seals its own dice, sets its standing orders, and sends them.
  await receive(b.page, link, 'artifacts/apart-since.png');
  await setOrders(b.page, 1, 'artifacts/apart-standing-units.png');
  link = await sendMove(b.page);
  expect(link).toMatch(/\/0\/o1\.0100000\.[a-z0-9-]+~2xx\/g2\./);
  await receive(a.page, link);
  const sealed = (await currentSave(a.page)).commands;
  expect(sealed.slice(0, 3).map((c: string) => c.split(' ')[0])).toEqual(['seal-dice', 'seal-dice', 'reveal-dice']);
  // Macedonians: the pre-arranged withdrawals; the Sogdians pass their first leader.
  await playUntilTheirs(a.page);
  await receive(b.page, await sendMove(a.page));
  await playUntilTheirs(b.page);
  await receive(a.page, await sendMove(b.page));
  // The archers come up: the Sogdians' standing orders withdraw their horse archers.
  await archersForward(a.page);
  await openLog(a.page);
  const answered = a.page.locator('.log-entry', { hasText: 'by standing order — withdrawal' });
  await expect(answered).toHaveCount(1);
  await expect(answered).toContainText('Sogdians');
  await a.page.screenshot({ path: 'artifacts/apart-standing-answer.png' });
  await playUntilTheirs(a.page);
  link = await sendMove(a.page);
  // The device of the side whose question it was checks the answer against its orders, and logs it.
  await receive(b.page, link);
  await openLog(b.page);
  await expect(b.page.locator('.log-entry', { hasText: 'by standing order — withdrawal' })).toHaveCount(1);
  for (let exchange = 0; exchange < 2; exchange++) {
    await playUntilTheirs(b.page);
    await receive(a.page, await sendMove(b.page));
    await playUntilTheirs(a.page);
    link = await sendMove(a.page);
    // Taken in as it came (before this side's next die value): the very same game on both.
    await receive(b.page, link, undefined, async () => {
      expect(await currentState(b.page)).toEqual(await currentState(a.page));
      expect((await currentSave(b.page)).commands).toEqual((await currentSave(a.page)).commands);
    });
  }
  const [saveA, saveB] = [await currentSave(a.page), await currentSave(b.page)];
  expect(saveB.seed).toBe(saveA.seed);
  const reveals = saveB.commands.filter((c: string) => c.startsWith('reveal-dice')).length;
  expect(reveals).toBeGreaterThanOrEqual(8);
  // The same link opened again changes nothing.
  await b.page.goto(link);
  await expect(b.page).toHaveURL(/#\/play$/);
  expect((await currentSave(b.page)).commands).toEqual(saveB.commands);
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

/// The game of move file `text` opened as a game of its own on `page` (its mark taken off), and
/// its link from the share sheet: a link made from an altered file.
async function linkOfFile(page: Page, text: string) {
  const plain = JSON.parse(text.replace(/"seed": (\d+)/, '"seed": "$1"'));
  delete plain.apart;
  const json = JSON.stringify(plain).replace(/"seed":"(\d+)"/, '"seed":$1');
  await page.goto('/');
  const before = await page.locator('.library-game').count();
  await page.locator('.library .import input[type=file]').setInputFiles({ name: 'altered.sarissa', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expect(page).toHaveURL(/#\/play$/);
  await page.locator('.topbar .back').tap();
  await expect(page.locator('.library-game')).toHaveCount(before + 1);
  await page.locator('.library-game .share').first().tap();
  const link = await page.locator('.share-sheet .game-link input').inputValue();
  await page.locator('.share-sheet .close').tap();
  return link.slice(link.indexOf('#') + 1);
}

test('a move that does not continue the game, or whose dice do not match their seals, is refused with its reason, and the game stays', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await device(browser);
  const b = await device(browser);
  const c = await device(browser);
  await startApart(a.page);
  await receive(b.page, await sendMove(a.page));
  const sentByB = await sendMove(b.page);
  await receive(a.page, sentByB);
  await playUntilTheirs(a.page);
  // The move as a file, and as the game it holds.
  await a.page.locator('.prompt .send-move').tap();
  const download = a.page.waitForEvent('download');
  await a.page.locator('.share-sheet .save-file').tap();
  const good = readFileSync((await (await download).path())!, 'utf8');
  await a.page.locator('.share-sheet .close').tap();
  const [, game, side] = /#\/apart\/([0-9a-f]+)\/([01])\//.exec(sentByB)!;
  expect(JSON.parse(good).apart).toMatchObject({ game, side: Number(side) === 0 ? 1 : 0 });
  const before = await currentSave(b.page);
  const unchanged = async (why: RegExp) => {
    await expect(b.page.locator('.notice')).toContainText(why);
    await expect(b.page.locator('.notice')).toContainText('Your game is as it was');
    expect(await currentSave(b.page)).toEqual(before);
    await expect(b.page.locator('.library-game')).toHaveCount(1);
  };
  const toB = (link: string) => `/#/apart/${game}/1/${link}`;
  // Another battle, and the same battle with other dice, sent as this game's move.
  await b.page.goto(toB(await plainLink(c.page, 'granicus')));
  await unchanged(/another battle/);
  await b.page.goto(toB(await plainLink(c.page, 'samarkand')));
  await unchanged(/dice seed differs/);
  // Edited as text: JSON.parse would round the 64-bit seed.
  const lines = (text: string) => JSON.parse(text.replace(/"seed": (\d+)/, '"seed": "$1"')).commands as string[];
  const reveal = lines(good).findIndex((l) => l.startsWith('reveal-dice'));
  expect(reveal).toBe(2);
  const value = lines(good)[reveal].split(' ')[2];
  const otherValue = (value[0] === 'a' ? 'b' : 'a') + value.slice(1);
  const dieChanged = good.replace(value, otherValue);
  // A die value changed, in a link and in a file.
  await b.page.goto(toB(await linkOfFile(c.page, dieChanged)));
  await unchanged(/die value the first side revealed at command 3 does not match its seal/);
  await b.page.goto('/');
  await b.page.locator('.library .import input[type=file]').setInputFiles({ name: 'move.sarissa', mimeType: 'application/json', buffer: Buffer.from(dieChanged) });
  await unchanged(/does not match its seal/);
  // An earlier command changed: the first seal.
  const sealChanged = good.replace(lines(good)[0], lines(good)[0].slice(0, -1) + (lines(good)[0].endsWith('0') ? '1' : '0'));
  await b.page.goto(toB(await linkOfFile(c.page, sealChanged)));
  await unchanged(/history differs from the one you sent, at command 1/);
  await b.page.screenshot({ path: 'artifacts/apart-refused.png' });
  // The move as sent is taken in.
  await b.page.locator('.library .import input[type=file]').setInputFiles({ name: 'move.sarissa', mimeType: 'application/json', buffer: Buffer.from(good) });
  await expect(b.page.locator('.replaying.since')).toBeVisible();
  expect((await currentSave(b.page)).commands).toEqual(lines(good));
  expect([...a.problems, ...b.problems, ...c.problems]).toEqual([]);
  for (const d of [a, b, c]) await d.context.close();
});

// The seeded random player's Samarkand game of standing.spec.ts, which ends with its last
// command: the Sogdians' last rout of turn 3, after which the Macedonians withdraw (16.x).
const FINISHED_GAME: string[] = JSON.parse(/const FINISHED_GAME = (\[.*?\]);/s.exec(readFileSync('e2e/standing.spec.ts', 'utf8'))![1]);

/// `page`'s device holding the finished game but its last command, played apart as `side`
/// under the id `game` (as an earlier version without sealed dice left it).
async function holdAlmostFinished(page: Page, side: number) {
  await page.goto('/');
  const players = side === 1 ? ['apart', 'person'] : ['person', 'apart'];
  await page.evaluate(([commands, players]) => localStorage.setItem('sarissa.autosave',
    JSON.stringify({ format: 1, scenario: 'samarkand', seed: 1, commands, players })), [FINISHED_GAME.slice(0, -1), players] as const);
  await page.goto('/#/play');
  await expect(page.locator('.prompt-text')).toBeVisible();
  await page.evaluate((side) => {
    const library = JSON.parse(localStorage.getItem('sarissa.library')!);
    library.games[0].apart = { game: 'feedc0de', side };
    localStorage.setItem('sarissa.library', JSON.stringify(library));
  }, side);
  await page.reload();
}

test('the battle\'s last move is sent too, so that the other player sees the end', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await device(browser);
  const b = await device(browser);
  await holdAlmostFinished(a.page, 1);
  await holdAlmostFinished(b.page, 0);
  // The Sogdians' last rout ends the battle; the prompt says how, and the bar below it sends it.
  await a.page.locator('.prompt .act.rout-way').first().tap();
  await expect(a.page.locator('.prompt-text')).toContainText('The battle is over');
  const last = a.page.locator('.apart-last');
  await expect(last).toContainText('Send the last move, so that the other player sees the end');
  await a.page.screenshot({ path: 'artifacts/apart-last-move.png' });
  await last.locator('.send-move').tap();
  const input = a.page.locator('.share-sheet .apart-link input');
  await expect(input).toHaveValue(/#\/apart\/feedc0de\/0\//);
  const link = await input.inputValue();
  await a.page.locator('.share-sheet .close').tap();
  await receive(b.page, link);
  await expect(b.page.locator('.prompt-text')).toContainText('The battle is over');
  expect((await currentSave(b.page)).commands).toEqual((await currentSave(a.page)).commands);
  await b.page.goto('/');
  await expect(b.page.locator('.library-game.apart')).toHaveClass(/finished/);
  expect([...a.problems, ...b.problems]).toEqual([]);
  await a.context.close();
  await b.context.close();
});
