import { test, expect, Page } from '@playwright/test';

// Issue 19: the battles are files of the build, fetched when a game needs one. The start screen
// fetches none; a game fetches its own; a battle that cannot be fetched or read is said in plain
// words, and nothing else is lost. (Offline play from the service worker's copies:
// offline.spec.ts. Here no service worker answers, so that every fetch reaches the server.)
test.use({ serviceWorkers: 'block' });

/// The battle files the page asks for, as it asks for them.
function battleRequests(page: Page) {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.includes('/battles/')) asked.push(path.split('/').pop()!);
  });
  return asked;
}

async function startBattle(page: Page, id: string) {
  await page.locator(`.battle-card[data-scenario="${id}"] .play`).tap();
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
}

test('the start screen fetches no battle; a game fetches its own, once', async ({ page }) => {
  const asked = battleRequests(page);
  await page.goto('/');
  await expect(page.locator('.battle-card')).toHaveCount(8);
  await expect(page.locator('.battle-card[data-scenario="issus"] svg.preview path.preview-terrain')).not.toHaveCount(0);
  expect(asked).toEqual([]);
  await startBattle(page, 'issus');
  expect(asked).toEqual([expect.stringMatching(/^issus-[0-9a-f]{8}\.bin$/)]);
  // Back to the start screen and into the same battle again: it is kept, not fetched again.
  await page.locator('.topbar .back').tap();
  await startBattle(page, 'issus');
  expect(asked.length).toBe(1);
  // A reload resumes the game, fetching its battle first.
  await page.reload();
  await expect(page.locator('.topbar .battle-name')).toContainText('Issus');
  expect(asked.length).toBe(2);
});

test('a battle that cannot be fetched or read is said in plain words; nothing else is lost', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto('/');
  await startBattle(page, 'samarkand');
  await page.locator('.topbar .back').tap();
  await expect(page.locator('.library-game')).toHaveCount(1);

  // The server has no file for it.
  await page.route('**/battles/granicus-*.bin', (r) => r.fulfill({ status: 404, body: 'not found' }));
  await page.locator('.battle-card[data-scenario="granicus"] .play').tap();
  await expect(page.locator('.notice[role="alert"]'))
    .toHaveText(/^The battle's data could not be loaded: the game's server does not have it \(it answered 404\)\.$/);
  await expect(page).not.toHaveURL(/#\/play$/);

  // Unreachable (offline, no copy kept).
  await page.unroute('**/battles/granicus-*.bin');
  await page.route('**/battles/granicus-*.bin', (r) => r.abort('internetdisconnected'));
  await page.locator('.battle-card[data-scenario="granicus"] .play').tap();
  await expect(page.locator('.notice[role="alert"]')).toContainText('could not reach the game\'s server');

  // Damaged on its way.
  await page.unroute('**/battles/granicus-*.bin');
  await page.route('**/battles/granicus-*.bin', (r) => r.fulfill({ status: 200, body: Buffer.from([5, 120, 200, 1]) }));
  await page.locator('.battle-card[data-scenario="granicus"] .play').tap();
  await expect(page.locator('.notice[role="alert"]')).toContainText('The battle\'s data could not be loaded: the battle\'s data is damaged');

  // The game already here is as it was, and opens.
  await expect(page.locator('.library-game')).toHaveCount(1);
  await page.locator('.library-game[data-scenario="samarkand"] .continue').tap();
  await expect(page.locator('.topbar .battle-name')).toContainText('Samarkand');

  // A game whose battle cannot be fetched when the page opens: the start screen says why, and
  // the game stays in the library; once the file is there again, it opens.
  await page.route('**/battles/samarkand-*.bin', (r) => r.fulfill({ status: 500, body: '' }));
  await page.reload();
  await expect(page.locator('.notice[role="alert"]')).toContainText('The game could not be restored. The battle\'s data could not be loaded');
  await expect(page.locator('.library-game')).toHaveCount(1);
  await page.unroute('**/battles/samarkand-*.bin');
  await page.locator('.library-game[data-scenario="samarkand"] .continue').tap();
  await expect(page.locator('.topbar .battle-name')).toContainText('Samarkand');
  // Blocking service workers makes index.html's registration fail (what it finds is
  // undefined); anything else would be the app's.
  expect(problems.filter((p) => !p.includes("reading 'waiting'"))).toEqual([]);
});
