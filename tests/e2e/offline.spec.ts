import { test, expect, Page } from '@playwright/test';
import { execFileSync, spawn, ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

// Installable and offline (issue 17): the manifest and its icons, the service worker that keeps
// every file of the build, play with the server gone, and the quiet notice of a new version.
// Each test runs its own server (tests/serve.mjs) so that it can stop it.

// A Granicus shock whose odds are shown as soon as the position opens.
const SPLIT_POSITION = readFileSync('e2e/fixtures/granicus-split.link', 'utf8').trim();

function startServer(dir: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, ['serve.mjs', dir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout!.once('data', () => resolve(server));
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.removeAllListeners('exit');
    server.once('exit', () => resolve());
    server.kill();
  });
}

function filesOf(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as any[])
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split('\\').join('/'))
    .filter((f) => f !== 'sw.js')
    .sort();
}

// Waits until the page is controlled by the service worker (it claims the page on its first
// activation; a reload is the fallback).
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function cachedFiles(page: Page) {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('sarissa-'));
    const files: string[] = [];
    for (const name of names) {
      for (const r of await (await caches.open(name)).keys()) files.push(new URL(r.url).pathname.slice(1));
    }
    return { names, files: files.sort() };
  });
}

test('installable: the manifest is linked and names the icons, which are served', async ({ page }) => {
  const server = await startServer('../dist', 8093);
  try {
    const base = 'http://127.0.0.1:8093/';
    await page.goto(base);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await page.request.get(new URL(href!, base).href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = JSON.parse(await res.text());
    expect(manifest).toMatchObject({ name: 'Sarissa', start_url: './', scope: './', display: 'standalone' });
    expect(manifest.id).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.description).toBeTruthy();
    const sizes = (purpose: string) => manifest.icons
      .filter((i: any) => (i.purpose ?? 'any').split(' ').includes(purpose)).map((i: any) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((i: any) => i.src), apple]) {
      const icon = await page.request.get(new URL(src, base).href);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toMatch(/^image\//);
    }
    const [w, h] = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, new URL(apple!, base).href);
    expect([w, h]).toEqual([180, 180]);

    // And Chromium itself parses the manifest without a complaint and finds nothing missing to
    // install the app, but for the test's private window.
    const cdp = await page.context().newCDPSession(page);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    const blocking = async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
      .map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    await expect.poll(blocking, { timeout: 10_000 }).toEqual([]);
  } finally {
    await stopServer(server);
  }
});

test('offline: with the server gone the game opens, a battle starts, a reload continues it, and the worker answers', async ({ page }) => {
  test.setTimeout(60_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  const server = await startServer('../dist', 8093);
  try {
    await page.goto('http://127.0.0.1:8093/');
    await expect(page.locator('.battle-card').first()).toBeVisible();
    await controlled(page);

    // The cache holds every file of the build, and nothing else.
    const cached = await cachedFiles(page);
    expect(cached.names).toHaveLength(1);
    expect(cached.files).toEqual(filesOf('../dist'));
    expect(cached.files.some((f) => f.endsWith('.wasm'))).toBe(true);
    expect(cached.files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(cached.files).toContain('index.html');
  } finally {
    await stopServer(server);
  }
  // The server is gone for good.
  expect((await page.evaluate(() => fetch('http://127.0.0.1:8093/nothing-cached', { cache: 'no-store' })
    .then(() => 'answered', () => 'unreachable')))).toBe('unreachable');

  await page.reload();
  await expect(page.locator('.battle-card[data-scenario="samarkand"] .play')).toBeVisible();
  await page.locator('.battle-card[data-scenario="samarkand"] .play').tap();
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
  await expect(page.locator('.prompt-text')).toContainText('pre-arranged withdrawal');
  await page.locator('.prompt .act.place-pw').tap();
  await page.locator('.prompt .act.activate').first().tap();
  await expect(page.locator('.prompt-text')).toContainText(/orders? left/);
  const prompt = await page.locator('.prompt-text').textContent();

  // A game has been saved: storage persistence was asked for once, and its answer is exposed.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sarissa.persist-asked'))).not.toBeNull();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.persisted)).toMatch(/^(yes|no)$/);
  const status = await page.evaluate(() => (window as any).sarissaStorageStatus());
  expect(typeof status.persisted).toBe('boolean');
  expect(status.usage).toBeGreaterThan(0);
  expect(status.quota).toBeGreaterThan(0);

  // Offline still: a reload continues the saved game.
  await page.reload();
  await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
  await expect(page.locator('.prompt-text')).toHaveText(prompt!);
  await page.goto('http://127.0.0.1:8093/#/');
  await expect(page.locator('.library-game').first()).toContainText('Samarkand');

  // Offline, the app's Web Worker (the page's own wasm, web/worker.js) works out the odds of a
  // shock, and plays for the computer.
  await page.goto(`http://127.0.0.1:8093/#${SPLIT_POSITION}`);
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.odds-combat .odds-label').first()).not.toContainText('No odds');
  await page.goto('http://127.0.0.1:8093/#/');
  const card = page.locator('.battle-card[data-scenario="samarkand"]');
  for (const side of [0, 1]) await card.locator(`select.seat[data-side="${side}"]`).selectOption('computer, easy');
  await card.locator('.play').tap();
  await page.locator('.drawer-toggle').tap();
  await expect(page.locator('.prompt-text')).toContainText('(computer, easy) is thinking');
  const logCount = async () => Number(/\((\d+)\)/.exec((await page.locator('.tab-log').textContent()) ?? '')?.[1] ?? 0);
  const start = await logCount();
  await expect.poll(logCount, { timeout: 30_000 }).toBeGreaterThan(start + 3);
  expect(problems).toEqual([]);
});

test('a new version installs beside a game in progress and says so quietly; it is used next time', async ({ browser }) => {
  test.setTimeout(60_000);
  // A copy of the build whose sw.js will change, as after a new release.
  const dir = mkdtempSync(join(tmpdir(), 'sarissa-update-'));
  cpSync('../dist', dir, { recursive: true });
  const server = await startServer(dir, 8094);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('http://127.0.0.1:8094/');
    await page.locator('.battle-card[data-scenario="samarkand"] .play').click();
    await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
    await controlled(page);
    const first = (await cachedFiles(page)).names;
    expect(first).toHaveLength(1);
    await expect(page.locator('.update-notice')).toHaveCount(0);

    const sw = join(dir, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/^const VERSION = '([0-9a-f]+)';/m, "const VERSION = '$1next';"));
    let navigated = 0;
    page.on('framenavigated', () => navigated++);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    // The notice, and nothing else: the game is not reloaded and the old version still runs it.
    const notice = page.locator('.update-notice');
    await expect(notice).toHaveText(/A new version of Sarissa is ready; it will be used next time you open it\./);
    await expect(notice).toHaveAttribute('role', 'status');
    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: 'artifacts/update-notice.png' });
    expect(navigated).toBe(0);
    await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
    expect(await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return [r!.active!.state, r!.waiting?.state];
    })).toEqual(['activated', 'installed']);
    await page.locator('.update-notice-close').click();
    await expect(notice).toHaveCount(0);

    // Closed and opened again: the new version takes over and the old cache is gone. Chromium
    // lets the waiting worker take over a moment after its last page has gone, so a page opened
    // at once may still get the old one; open again until it is the new.
    await page.close();
    let again = await context.newPage();
    for (let i = 0; ; i++) {
      await again.goto('http://127.0.0.1:8094/');
      await again.evaluate(() => navigator.serviceWorker.ready);
      const names = (await cachedFiles(again)).names;
      if (names.length === 1 && names[0] === first[0] + 'next') break;
      expect(i, `caches after reopening: ${names}`).toBeLessThan(10);
      await again.close();
      await new Promise((r) => setTimeout(r, 500));
      again = await context.newPage();
    }
    await expect(again.locator('.library-game').first()).toContainText('Samarkand');
  } finally {
    await context.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a development build served where a release build was retires its worker and caches', async ({ page }) => {
  // Release build first, as if served here before; then the same address serves a development
  // build (what scripts/pwa-sw.sh writes for trunk serve and debug builds).
  const dir = mkdtempSync(join(tmpdir(), 'sarissa-dev-'));
  cpSync('../dist', dir, { recursive: true });
  const server = await startServer(dir, 8095);
  try {
    await page.goto('http://127.0.0.1:8095/');
    await controlled(page);
    expect((await cachedFiles(page)).names).toHaveLength(1);

    const index = join(dir, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('data-sw="on"', 'data-sw="off"'));
    execFileSync('bash', ['../scripts/pwa-sw.sh'], { env: { ...process.env, TRUNK_STAGING_DIR: dir, TRUNK_PROFILE: 'debug' } });
    expect(readFileSync(join(dir, 'sw.js'), 'utf8')).not.toContain('const FILES');

    await page.reload();
    await expect.poll(async () => page.evaluate(async () =>
      [(await navigator.serviceWorker.getRegistrations()).length, (await caches.keys()).length]),
    { timeout: 15_000 }).toEqual([0, 0]);
    await page.reload();
    await expect(page.locator('.battle-card').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(await page.evaluate(() => document.documentElement.dataset.persisted)).toMatch(/^(yes|no)$/);
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('served from a sub-path: the app, its worker and its games work there, offline too', async ({ page }) => {
  const site = mkdtempSync(join(tmpdir(), 'sarissa-site-'));
  const app = join(site, 'games', 'sarissa');
  mkdirSync(app, { recursive: true });
  cpSync('../dist', app, { recursive: true });
  const server = await startServer(site, 8096);
  const base = 'http://127.0.0.1:8096/games/sarissa/';
  try {
    await page.goto(base);
    await expect(page.locator('.battle-card').first()).toBeVisible();
    await controlled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${base}sw.js`);
    await page.locator('.battle-card[data-scenario="samarkand"] .play').tap();
    await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
    await stopServer(server);
    await page.goto(`${base}#/`);
    await page.reload();
    await expect(page.locator('.library-game').first()).toContainText('Samarkand');
    // The worker's script and the page's wasm are found beside the page: the odds come.
    await page.goto(`${base}#${SPLIT_POSITION}`);
    await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.odds-combat .odds-label').first()).not.toContainText('No odds');
  } finally {
    await stopServer(server);
    rmSync(site, { recursive: true, force: true });
  }
});
