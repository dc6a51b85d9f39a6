import { test, expect, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

// The app's Web Worker (web/worker.js, web/src/browser/worker.rs) runs the page's own wasm,
// handed over compiled, started with the app: a game's odds come from it with the wasm fetched
// once (twice where the browser cannot hand it over), and it warms the engine on the game opened.
// Where it cannot start — no Web Worker in the browser, its script broken, or the page's script
// not loading in it — the odds are refused in words and the game goes on. (Its times: budgets.spec.ts; offline: offline.spec.ts; the computer in it:
// solo.spec.ts.)

// Every fetch here is the page's or its worker's, none the service worker's precaching.
test.use({ serviceWorkers: 'block' });

// A Granicus shock whose odds are shown as soon as the position opens.
const SPLIT_POSITION = readFileSync('e2e/fixtures/granicus-split.link', 'utf8').trim();

/// Opens the shock of the Granicus position, whose odds are asked of the worker.
async function openShock(page: Page) {
  await page.goto('/');
  await page.goto(`/#${SPLIT_POSITION}`);
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.prompt-text')).toContainText('the shock', { timeout: 30_000 });
}

test('the worker answers the odds with the page\'s own wasm, fetched once', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  const fetched: string[] = [];
  page.context().on('request', (r) => fetched.push(new URL(r.url()).pathname.slice(1)));
  await openShock(page);
  await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.odds-combat .odds-label').first()).not.toContainText('No odds');
  expect(fetched).toContain('worker.js');
  // The page's wasm once, its script twice (the page's, the worker's import).
  expect(fetched.filter((f) => f.endsWith('.wasm'))).toHaveLength(1);
  expect(fetched.filter((f) => /^sarissa-web-[0-9a-f]+\.js$/.test(f))).toHaveLength(2);
  // Blocking service workers makes index.html's registration fail (what it finds is
  // undefined); anything else would be the app's.
  expect(problems.filter((p) => !p.includes("reading 'waiting'"))).toEqual([]);
});

test('a browser that cannot hand a compiled wasm to a worker: the worker fetches it, and answers', async ({ page }) => {
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: any, ...rest: any[]) {
      if (message?.module instanceof WebAssembly.Module) throw new DOMException('no module here', 'DataCloneError');
      return (post as any).call(this, message, ...rest);
    };
  });
  const fetched: string[] = [];
  page.context().on('request', (r) => fetched.push(new URL(r.url()).pathname.slice(1)));
  await openShock(page);
  await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.odds-combat .odds-label').first()).not.toContainText('No odds');
  // The page's wasm twice: the page's, the worker's.
  expect(fetched.filter((f) => /^sarissa-web-[0-9a-f]+_bg\.wasm$/.test(f))).toHaveLength(2);
});

test('the worker warms the engine on the game opened, after answering the odds asked meanwhile', async ({ page }) => {
  // What each of the worker's messages answers, in order.
  await page.addInitScript(() => {
    const answers: string[] = [];
    (window as any).sarissaAnswers = answers;
    const Made = window.Worker;
    window.Worker = class extends Made {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (e) => {
          const answer = e.data === 'ready' ? 'ready' : JSON.parse(e.data).answer;
          answers.push(typeof answer === 'string' ? answer : Object.keys(answer)[0]);
        });
      }
    };
  });
  await openShock(page);
  await expect(page.locator('.odds-combat').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.odds-combat .odds-label').first()).not.toContainText('No odds');
  // The warm-up played its commands on a copy (the page is told how many) ...
  await expect(page.locator('html')).toHaveAttribute('data-worker-warmed', /^[1-9][0-9]*$/, { timeout: 60_000 });
  // ... a slice at a time: the odds, asked as the game opened, were answered before it ended.
  const answers: string[] = await page.evaluate(() => (window as any).sarissaAnswers);
  expect(answers[0]).toBe('ready');
  expect(answers.indexOf('ShockOdds')).toBeGreaterThan(0);
  expect(answers.indexOf('ShockOdds')).toBeLessThan(answers.indexOf('Warmed'));
  // The game is the position's still: its shock is offered and resolves.
  await page.locator('.prompt .act.resolve-shock').tap();
  await expect(page.locator('.odds-combat')).toHaveCount(0, { timeout: 30_000 });
});

const REFUSED = 'No odds: this browser could not start the app\'s worker.';

test('a browser without Web Workers: the odds are refused in words, the game goes on', async ({ page }) => {
  await page.addInitScript(() => { delete (window as any).Worker; });
  await openShock(page);
  await expect(page.locator('.odds-working')).toHaveText(REFUSED);
  // Nor its warm-up (none played).
  await expect(page.locator('html')).toHaveAttribute('data-worker-warmed', '0');
  // The shock is still resolved: the game does not need the odds.
  await page.locator('.prompt .act.resolve-shock').tap();
  await expect(page.locator('.odds-working')).toHaveCount(0, { timeout: 30_000 });
});

test('the worker\'s script broken: the odds are refused in words', async ({ page }) => {
  await page.context().route('**/worker.js', (r) => r.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken");' }));
  await openShock(page);
  await expect(page.locator('.odds-working')).toHaveText(REFUSED);
});

test('the page\'s script not loading in the worker: the odds are refused in words', async ({ page }) => {
  // The page loads its wasm-bindgen script once; the worker's import of it is the second fetch.
  let glue = 0;
  await page.context().route(/\/sarissa-web-[0-9a-f]+\.js$/, (r) => (++glue > 1 ? r.abort('internetdisconnected') : r.continue()));
  await openShock(page);
  await expect(page.locator('.odds-working')).toHaveText(REFUSED);
  expect(glue).toBe(2);
});
