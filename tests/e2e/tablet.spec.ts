import { test, expect, Page, Locator } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

// The big battles on a 1024 x 768 touch tablet and a 1920 x 1080 desktop with a mouse
// (issue 20): the map keeps its box while a decision is made, the shock's odds never cover the
// combats they describe, the facing arrows point at their vertices, and a missile unit's shot is
// offered as part of its order. Screenshots go to tests/artifacts; the share of the screen the
// map gets is written to artifacts/map-share-<device>.json for the README.

mkdirSync('artifacts', { recursive: true });

// A Granicus shock segment in which the attacker may add a unit and split a combat (GBA 9.12).
const SPLIT_POSITION = readFileSync('e2e/fixtures/granicus-split.link', 'utf8').trim();
// A Samarkand game (seed 1) whose overall commander has just been activated in turn 2, with the
// archers able to move and then shoot at the Dahae (GBA 8.11).
const ARCHERS_GAME: string[] = JSON.parse(readFileSync('e2e/fixtures/samarkand-archers.json', 'utf8'));
// A Samarkand game (seed 2, found by the seeded random player) stopped where the Massagetae ride
// up beside three Macedonian units that may turn to face them (7.16) and past slingers that may
// shoot (8.21): four questions in one pause.
const REACTIONS_GAME: string[] = JSON.parse(readFileSync('e2e/fixtures/samarkand-reactions.json', 'utf8'));

type Box = { x: number; y: number; width: number; height: number };

const devices = [
  { name: 'tablet', viewport: { width: 1024, height: 768 }, hasTouch: true },
  { name: 'desktop', viewport: { width: 1920, height: 1080 }, hasTouch: false },
];

for (const device of devices) {
  test.describe(`${device.name} ${device.viewport.width}x${device.viewport.height}`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch });
    const shares: Record<string, number> = {};

    // A tap on a touch screen, a click with the mouse.
    async function press(page: Page, target: Locator) {
      await target.waitFor({ state: 'attached' });
      // Buttons may lie in the prompt's scrolled part; the map's SVG never scrolls.
      if (await target.evaluate((e) => e.tagName === 'BUTTON')) await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      if (!box) throw new Error('nothing to press');
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      if (device.hasTouch) await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y);
    }

    async function mapBox(page: Page): Promise<Box> {
      const box = await page.locator('.map-viewport').boundingBox();
      if (!box) throw new Error('no map');
      return box;
    }

    function share(box: Box) {
      return (box.width * box.height) / (device.viewport.width * device.viewport.height);
    }

    async function startBattle(page: Page, id: string) {
      await page.goto('/');
      await page.evaluate(() => sessionStorage.clear());
      await press(page, page.locator(`.battle-card[data-scenario="${id}"] .play`));
      await expect(page).toHaveURL(/#\/play$/);
    }

    async function loadBattle(page: Page, scenario: string, commands: string[], seed = 1) {
      await page.goto('/');
      await page.evaluate(([scenario, commands, seed]) => {
        sessionStorage.clear();
        localStorage.setItem('sarissa.autosave', JSON.stringify({ format: 1, scenario, seed, commands }));
      }, [scenario, commands, seed] as const);
      await page.goto('/#/play');
      await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
    }
    const loadSamarkand = (page: Page, commands: string[], seed = 1) => loadBattle(page, 'samarkand', commands, seed);

    for (const battle of ['issus', 'chaeronea']) {
      test(`${battle}: the map's box does not move while an order is given`, async ({ page }) => {
        await startBattle(page, battle);
        // Each side in turn declares its pre-arranged withdrawals (6.82): none here.
        const first = (await page.locator('.glance-decider').textContent()) ?? '';
        await press(page, page.locator('.prompt .act.place-pw'));
        await expect(page.locator('.glance-decider')).not.toHaveText(first);
        await press(page, page.locator('.prompt .act.place-pw'));
        await press(page, page.locator('.prompt .act.activate').first());
        await expect(page.locator('.orderable').first()).toBeAttached();
        const start = await mapBox(page);
        shares[`${battle} order`] = share(start);
        // The battle at a glance: the turn, the phase, whose decision, each side's rout points.
        await expect(page.locator('.glance-phase')).toHaveText('Orders');
        await expect(page.locator('.glance-side .rout-points')).toHaveCount(2);
        await expect(page.locator('.glance-side .rout-points').first()).toHaveText(/^0\/\d+$/);

        await press(page, page.locator('.orderable').first());
        await expect(page.locator('.reach').first()).toBeAttached();
        expect(await mapBox(page)).toEqual(start);
        const reach = page.locator('.reach');
        await press(page, reach.nth(Math.floor((await reach.count()) / 2)));
        await expect(page.locator('.prompt .act.face').first()).toBeAttached();
        expect(await mapBox(page)).toEqual(start);
        await page.screenshot({ path: `artifacts/${device.name}-${battle}-order.png` });
        // The drawer opens over the map, and the map keeps its box.
        await press(page, page.locator('.drawer-toggle'));
        await expect(page.locator('.panel')).toBeVisible();
        expect(await mapBox(page)).toEqual(start);
        await page.screenshot({ path: `artifacts/${device.name}-${battle}-drawer.png` });
        await press(page, page.locator('.drawer-hide'));
        await expect(page.locator('.panel')).toBeHidden();
        await press(page, page.locator('.prompt .act.face').first());
        await expect(page.locator('.reach')).toHaveCount(0);
        expect(await mapBox(page)).toEqual(start);
      });
    }

    test('the top bar fits: rout points and whose decision in view, the rest in its menu; a long prompt keeps its buttons in sight', async ({ page }) => {
      await startBattle(page, 'chaeronea');
      // Everything in the bar lies inside the window, the rout points whole.
      const bar = (await page.locator('.topbar').boundingBox())!;
      for (const part of ['.back', '.battle-name', '.glance-turn', '.glance-decider', '.drawer-toggle', '.game-menu > summary']) {
        const b = (await page.locator(`.topbar ${part}`).boundingBox())!;
        expect(b.x + b.width, part).toBeLessThanOrEqual(bar.x + bar.width);
      }
      for (const points of await page.locator('.glance-side .rout-points').all()) {
        const b = (await points.boundingBox())!;
        expect(b.x + b.width).toBeLessThanOrEqual(bar.x + bar.width);
        await expect(points).toHaveText(/^\d+\/\d+$/);
      }
      await expect(page.locator('.topbar .battle-name')).toHaveText('Chaeronea');
      const name = page.locator('.topbar .battle-name');
      expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      // Players, the file and the standing orders wait in the menu.
      await expect(page.locator('.topbar .save-file')).toBeHidden();
      await press(page, page.locator('.game-menu > summary'));
      await expect(page.locator('.menu-sheet .seats > summary')).toBeVisible();
      await expect(page.locator('.menu-sheet .save-file')).toBeVisible();
      await page.screenshot({ path: `artifacts/${device.name}-top-bar-menu.png` });
      await press(page, page.locator('.menu-sheet .standing-toggle'));
      await expect(page.locator('.standing-sheet')).toBeVisible();
      await expect(page.locator('.menu-sheet')).toBeHidden();
      await press(page, page.locator('.standing-sheet .close-standing'));
      // The long first question of the battle: its first row of buttons in full view under it.
      const prompt = (await page.locator('.prompt').boundingBox())!;
      const first = (await page.locator('.prompt .act.place-pw').boundingBox())!;
      expect(first.y).toBeGreaterThanOrEqual(prompt.y);
      expect(first.y + first.height).toBeLessThanOrEqual(prompt.y + prompt.height);
      const text = page.locator('.prompt-text');
      const clipped = await text.evaluate((e) => e.scrollHeight > e.clientHeight + 1);
      // Four lines at 1024 px: more than the prompt shows.
      if (device.name === 'tablet') expect(clipped).toBe(true);
      if (clipped) {
        // A tap opens the whole text over the map; another shuts it.
        await press(page, text);
        await expect(text).toHaveClass(/\bopen\b/);
        expect(await text.evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
        await page.screenshot({ path: `artifacts/${device.name}-prompt-opened.png` });
        await press(page, text);
        await expect(text).not.toHaveClass(/\bopen\b/);
      }
      await page.screenshot({ path: `artifacts/${device.name}-top-bar.png` });
    });

    test('the reactions of one enemy step are listed a unit a row and answered together (7.16, 8.21)', async ({ page }) => {
      await loadSamarkand(page, REACTIONS_GAME, 2);
      const rows = page.locator('.reaction-row');
      await expect(rows).toHaveCount(4);
      // Every row starts on doing nothing; the pass button lets the enemy come on unanswered.
      await expect(page.locator('.reaction-row .react-pick.stay.on')).toHaveCount(4);
      await expect(page.locator('.prompt .act.no-reaction')).toBeVisible();
      const horse = page.locator('.reaction-row[data-unit="merc-horse-1"]');
      await press(page, horse.locator('.react-pick:not(.stay)').first());
      const shooter = page.locator('.reaction-row', { has: page.locator('.react-pick.stay', { hasText: 'Hold fire' }) });
      await expect(shooter).toHaveCount(1);
      await press(page, shooter.locator('.react-pick:not(.stay)').first());
      // Two answers picked: one button sends them, in place of the pass.
      await expect(page.locator('.prompt .act.no-reaction')).toHaveCount(0);
      const send = page.locator('.prompt .act.react-batch');
      await expect(send).toHaveText('Answer together: 2 reactions');
      await page.screenshot({ path: `artifacts/${device.name}-reactions-together.png` });
      await press(page, send);
      // The pause is over, the enemy's move went on, and both answers are in the log.
      await expect(page.locator('.reaction-row[data-unit="merc-horse-1"]')).toHaveCount(0);
      await press(page, page.locator('.drawer-toggle'));
      await press(page, page.locator('.tab-log'));
      await expect(page.locator('.log-entry', { hasText: 'as the enemy comes up' })).toHaveCount(1);
      await expect(page.locator('.log-entry', { hasText: 'as it comes into its zone' })).toHaveCount(1);
      await page.screenshot({ path: `artifacts/${device.name}-reactions-answered.png` });
    });

    test('the shock preview keeps the map still and never covers the combats it describes', async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`/#${SPLIT_POSITION}`);
      await expect(page.locator('.prompt-text')).toContainText('the shock');
      const start = await mapBox(page);
      shares['shock preview'] = share(start);
      await press(page, page.locator('.prompt .act.shock-toggle').first());
      await press(page, page.locator('.prompt .act.shock-grouping').nth(1));
      await expect(page.locator('.odds-combat').first()).toBeVisible();
      expect(await mapBox(page)).toEqual(start);
      // Every combat picked out on the map lies clear of the odds sheet, inside the map.
      const sheet = (await page.locator('.prompt .odds').boundingBox())!;
      const combats = page.locator('.overlay-layer .focus');
      expect(await combats.count()).toBeGreaterThan(0);
      for (const hex of await combats.all()) {
        const b = (await hex.boundingBox())!;
        expect(b.x + b.width).toBeLessThanOrEqual(sheet.x + 1);
        expect(b.x).toBeGreaterThanOrEqual(start.x - 1);
        expect(b.y).toBeGreaterThanOrEqual(start.y - 1);
        expect(b.y + b.height).toBeLessThanOrEqual(start.y + start.height + 1);
      }
      // The attacker's bars are in the attacker's colour.
      const attackerSide = (await page.locator('.glance-decider').getAttribute('class'))!.match(/side-[ab]/)![0];
      await expect(page.locator('.prompt .odds')).toHaveClass(new RegExp(attackerSide));
      await page.screenshot({ path: `artifacts/${device.name}-shock-preview.png` });
    });

    test('diagonal facing arrows point at their vertices (read back from the SVG)', async ({ page }) => {
      await loadSamarkand(page, ARCHERS_GAME);
      await press(page, page.locator('.counter.unit[data-unit="archers"]'));
      await press(page, page.locator('.reach[data-reach="2815"]'));
      const arrows = page.locator('.facing-choice');
      await expect(arrows.first()).toBeAttached();
      const centre = await page.locator('.overlay-layer .target').first().evaluate((p) => {
        const points = (p.getAttribute('points') ?? '').trim().split(/\s+/).map((xy) => xy.split(',').map(Number));
        return [points.reduce((s, q) => s + q[0], 0) / points.length, points.reduce((s, q) => s + q[1], 0) / points.length];
      });
      // Each arrow as drawn: its position, and the corners of its shape turned as the SVG turns them.
      const read = await arrows.evaluateAll((gs) => gs.map((g) => {
        const path = g.querySelector('path')!;
        const rot = Number((path.getAttribute('transform') ?? '').match(/rotate\(([-\d.]+)\)/)![1]) * Math.PI / 180;
        const corners = (path.getAttribute('d') ?? '').match(/-?[\d.]+,-?[\d.]+/g)!.map((p) => p.split(',').map(Number))
          .map(([x, y]) => [x * Math.cos(rot) - y * Math.sin(rot), x * Math.sin(rot) + y * Math.cos(rot)]);
        return {
          facing: g.getAttribute('data-facing'),
          at: (g.getAttribute('transform') ?? '').match(/translate\(([-\d.]+),([-\d.]+)\)/)!.slice(1).map(Number),
          corners,
        };
      }));
      expect(read.length).toBeGreaterThan(1);
      const diagonal = read.filter((a) => /^(NE|NW|SE|SW)$/.test(a.facing ?? ''));
      expect(diagonal.length).toBeGreaterThan(0);
      for (const a of read) {
        // The shape has one clear tip (a corner well beyond the others: a near-equilateral
        // triangle turned 30° reads as pointing the other way), and it points from the hex's
        // centre toward the arrow's vertex.
        const byReach = [...a.corners].sort((p, q) => Math.hypot(q[0], q[1]) - Math.hypot(p[0], p[1]));
        const [tip, next] = byReach;
        expect(Math.hypot(tip[0], tip[1]) / Math.hypot(next[0], next[1]), `arrow ${a.facing}`).toBeGreaterThan(1.2);
        const out = [a.at[0] - centre[0], a.at[1] - centre[1]];
        const cos = (tip[0] * out[0] + tip[1] * out[1]) / (Math.hypot(...out) * Math.hypot(tip[0], tip[1]));
        expect(cos, `arrow ${a.facing}`).toBeGreaterThan(0.999);
      }
      await page.screenshot({ path: `artifacts/${device.name}-facing-arrows.png` });
    });

    test('a missile unit shoots after its move without being selected again', async ({ page }) => {
      await loadSamarkand(page, ARCHERS_GAME);
      const archers = page.locator('.counter.unit[data-unit="archers"]');
      await press(page, archers);
      await press(page, page.locator('.reach[data-reach="2815"]'));
      await press(page, page.locator('.facing-choice[data-facing="SW"]'));
      // It moved (the counter stands in 2815 now)...
      await expect.poll(async () => {
        const [b, hex] = [await archers.boundingBox(), await page.locator('polygon.hex[data-hex="2815"]').boundingBox()];
        return Math.hypot(b!.x + b!.width / 2 - (hex!.x + hex!.width / 2), b!.y + b!.height / 2 - (hex!.y + hex!.height / 2));
      }).toBeLessThan(4);
      // ...and its order goes on: the enemies in range are ringed with the chance of a hit.
      const target = page.locator('.fire-target').first();
      await expect(target).toBeAttached();
      await expect(page.locator('.prompt-text')).toContainText('Archers');
      await page.screenshot({ path: `artifacts/${device.name}-archers-shoot.png` });
      // The details follow the unit to where it went.
      await press(page, page.locator('.drawer-toggle'));
      await expect(page.locator('.panel .hex-details h2')).toHaveText('Hex 2815');
      await expect(page.locator('.panel .unit-card[data-unit="archers"]')).toBeVisible();
      await press(page, page.locator('.drawer-hide'));
      const dice = page.locator('.log-entry .die');
      await press(page, page.locator('.drawer-toggle'));
      await press(page, page.locator('.tab-log'));
      const before = await dice.count();
      await press(page, page.locator('.drawer-hide'));
      await press(page, target);
      await expect(page.locator('.fire-target')).toHaveCount(0);
      await press(page, page.locator('.drawer-toggle'));
      await press(page, page.locator('.tab-log'));
      await expect.poll(() => dice.count()).toBeGreaterThan(before);
      await expect(page.locator('.log-entry').first()).toContainText('Archers');
    });

    test('the map shows the compass, each retreat edge, and the overlays the player switches on', async ({ page }) => {
      // Before the overall commander is activated: the leaders who may be are marked (5.1).
      await loadSamarkand(page, ARCHERS_GAME.slice(0, -1));
      await expect(page.locator('.glance-phase')).toHaveText('Activation');
      await expect(page.locator('.offered-leader').first()).toBeAttached();
      await expect(page.locator('.compass')).toBeVisible();
      await expect(page.locator('.retreat-edge')).toHaveCount(2);
      await expect(page.locator('.retreat-edge .retreat-label').first()).toContainText('retreat this way');
      // Command range (4.21) of the leader offered, then of the one giving orders.
      await press(page, page.locator('.layer-command'));
      await expect(page.locator('.command-hex').first()).toBeAttached();
      await press(page, page.locator('.prompt .act.activate').first());
      await expect(page.locator('.glance-phase')).toHaveText('Orders');
      await expect(page.locator('.command-hex').first()).toBeAttached();
      await press(page, page.locator('.layer-command'));
      await expect(page.locator('.command-hex')).toHaveCount(0);
      // The enemy's zones of control (7.2).
      await press(page, page.locator('.layer-zoc'));
      await expect(page.locator('.zoc-hex').first()).toBeAttached();
      // Where the archers' arrows reach (8.13, 8.14): the enemy they may shoot at is inside it.
      await press(page, page.locator('.layer-missiles'));
      await press(page, page.locator('.counter.unit[data-unit="archers"]'));
      await expect(page.locator('.missile-hex').first()).toBeAttached();
      await page.screenshot({ path: `artifacts/${device.name}-overlays.png` });
    });

    test('the zoom buttons zoom about the selection, and the view survives a reload', async ({ page }) => {
      await loadSamarkand(page, ARCHERS_GAME);
      const archers = page.locator('.counter.unit[data-unit="archers"]');
      const centre = async () => {
        const b = (await archers.boundingBox())!;
        return [b.x + b.width / 2, b.y + b.height / 2];
      };
      await press(page, archers);
      const before = await centre();
      const scale = Number(await page.locator('.map-viewport').getAttribute('data-scale'));
      await press(page, page.locator('.zoom-in'));
      await press(page, page.locator('.zoom-in'));
      await expect.poll(async () => Number(await page.locator('.map-viewport').getAttribute('data-scale'))).toBeGreaterThan(scale * 1.9);
      const after = await centre();
      expect(Math.hypot(after[0] - before[0], after[1] - before[1])).toBeLessThan(3);
      // Near in, a leader's whole name is written, at least 10 screen pixels high.
      const name = page.locator('.counter.leader[data-leader="pharnuches"] .leader-label');
      await expect(name).toBeVisible();
      await expect(name).toHaveText('Pharnuches');
      expect((await name.boundingBox())!.height).toBeGreaterThanOrEqual(10);
      await page.screenshot({ path: `artifacts/${device.name}-zoomed-on-selection.png` });
      const zoomed = await page.locator('.map-wrapper').getAttribute('style');
      await page.reload();
      await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
      expect(await page.locator('.map-wrapper').getAttribute('style')).toEqual(zoomed);
    });

    // Chaeronea, the first leader offered who may give a line command (4.3) gives it.
    async function giveLineCommand(page: Page) {
      await startBattle(page, 'chaeronea');
      await press(page, page.locator('.prompt .act.place-pw'));
      await press(page, page.locator('.prompt .act.place-pw'));
      for (let i = 0; i < 12 && !(await page.locator('.prompt .act.line').count()); i++) {
        const button = ['activate', 'end-orders', 'no-momentum', 'no-trump', 'no-reaction']
          .map((c) => page.locator(`.prompt .act.${c}`).first());
        for (const b of button) if (await b.count()) { await press(page, b); break; }
      }
      await press(page, page.locator('.prompt .act.line').first());
    }

    // How many units a plan's button says it moves.
    async function planUnits(plan: Locator) {
      return Number(((await plan.textContent()) ?? '').match(/^(\d+) units?/)![1]);
    }

    test('a whole line moves forward as a body in one gesture, shown before it is confirmed', async ({ page }) => {
      test.setTimeout(120_000);
      await giveLineCommand(page);
      const advance = page.locator('.line-gesture .line-advance').first();
      await expect(advance).toBeVisible();
      const units = await planUnits(advance);
      expect(units).toBeGreaterThan(1);
      const moved = await page.locator('.counter.unit.moved').count();
      await press(page, advance);
      // The plan on the map: a step for every unit, before anything moves.
      await expect(page.locator('.plan-step')).toHaveCount(units);
      await expect(page.locator('.counter.unit.moved')).toHaveCount(moved);
      await page.screenshot({ path: `artifacts/${device.name}-line-plan.png` });
      // A unit of the line tapped is set aside, to move on its own: the last one in view, clear
      // of the gesture's bar (the opening view fills the box, so the plan's far end may be out).
      const view = await mapBox(page);
      const bar = (await page.locator('.line-gesture').boundingBox())!;
      const inView = await page.locator('.orderable').evaluateAll((rings, [v, b]) => rings.map((r, i) => {
        const box = r.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        return x > v.x && x < v.x + v.width && y > b.y + b.height && y < v.y + v.height ? i : -1;
      }).filter((i) => i >= 0), [view, bar] as const);
      await press(page, page.locator('.orderable').nth(inView[inView.length - 1]));
      await expect(page.locator('.plan-step')).toHaveCount(units - 1);
      await expect(page.locator('.line-gesture')).toContainText('1 unit set aside');
      await press(page, page.locator('.line-gesture .line-confirm'));
      await expect(page.locator('.plan-step')).toHaveCount(0);
      await expect(page.locator('.counter.unit.moved')).toHaveCount(moved + units - 1);
      // The one set aside is still to move (ringed in its one hex or two).
      await expect(page.locator('.orderable').first()).toBeAttached();
      expect(await page.locator('.orderable').count()).toBeLessThanOrEqual(2);
    });

    test('a line wheels as a body about its end: the engine\'s plan drawn with each new facing, then played', async ({ page }) => {
      test.setTimeout(120_000);
      await giveLineCommand(page);
      const wheel = page.locator('.line-gesture .line-wheel').first();
      await expect(wheel).toBeVisible();
      await expect(wheel).toHaveText(/^\d+ units wheel (left|right)$/);
      const units = await planUnits(wheel);
      expect(units).toBeGreaterThan(1);
      const moved = await page.locator('.counter.unit.moved').count();
      await press(page, wheel);
      // Every unit's step and the way it will face, all turned one vertex the same way.
      await expect(page.locator('.plan-step')).toHaveCount(units);
      await expect(page.locator('.plan-facing')).toHaveCount(units);
      const facings = await page.locator('.plan-facing').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-facing')));
      expect(new Set(facings).size).toBe(1);
      await expect(page.locator('.counter.unit.moved')).toHaveCount(moved);
      await page.screenshot({ path: `artifacts/${device.name}-line-wheel.png` });
      await press(page, page.locator('.line-gesture .line-confirm'));
      await expect(page.locator('.plan-step')).toHaveCount(0);
      await expect(page.locator('.counter.unit.moved')).toHaveCount(moved + units);
      // The counters of the line now face the plan's way (read back from the SVG's labels).
      const facing = facings[0]!;
      const turned = await page.locator('.counter.unit.moved').evaluateAll((gs, f) => gs
        .filter((g) => (g.getAttribute('aria-label') ?? '').includes(`facing ${f},`)).length, facing);
      expect(turned).toBeGreaterThanOrEqual(units);
      await page.screenshot({ path: `artifacts/${device.name}-line-wheeled.png` });
    });

    test('a line\'s plan chosen while the line is out of view is panned into view below the gesture\'s bar', async ({ page }) => {
      test.setTimeout(120_000);
      await giveLineCommand(page);
      // Near in, and the map dragged well away from the line.
      await press(page, page.locator('.zoom-in'));
      await press(page, page.locator('.zoom-in'));
      const box = await mapBox(page);
      const [sx, sy] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(sx, sy);
      await page.mouse.down();
      await page.mouse.move(sx - box.width * 0.45, sy - box.height * 0.45, { steps: 8 });
      await page.mouse.up();
      const wheel = page.locator('.line-gesture .line-wheel').first();
      await press(page, wheel);
      await expect(page.locator('.plan-step').first()).toBeAttached();
      const bar = (await page.locator('.line-gesture').boundingBox())!;
      // Every step of the plan lies inside the map, none under the bar.
      await expect.poll(async () => page.locator('.plan-step').evaluateAll((ls, [b, top]) => ls.filter((l) => {
        const r = l.getBoundingClientRect();
        return r.left < b.x || r.right > b.x + b.width || r.top < top || r.bottom > b.y + b.height;
      }).length, [box, bar.y + bar.height] as const)).toBe(0);
      await page.screenshot({ path: `artifacts/${device.name}-line-plan-revealed.png` });
    });

    // Shows Issus at `scale`, centred on the middle one of its units (in map pixels, read from
    // the counters' positions), as a view kept for a reload is shown.
    async function issusAt(page: Page, scale: number) {
      await startBattle(page, 'issus');
      const vp = page.locator('.map-viewport');
      const box = await mapBox(page);
      const at = await page.locator('.counter.unit').evaluateAll((gs) => gs
        .map((g) => (g.getAttribute('transform') ?? '').match(/translate\(([-\d.]+),([-\d.]+)\)/)!.slice(1).map(Number))
        .sort((a, b) => a[1] - b[1])[Math.floor(gs.length / 2)]);
      const view = `issus|${box.width / 2 - at[0] * scale}|${box.height / 2 - at[1] * scale}|${scale}|0.1`;
      await page.evaluate((v) => sessionStorage.setItem('sarissa.view', JSON.stringify(v)), view);
      await page.reload();
      await expect(vp).toHaveAttribute('data-scale', scale.toFixed(4));
    }

    // The on-screen height of the text elements matching `selector` inside the map's box, and
    // their font size as drawn (CSS font size times the map's scale).
    async function textSizes(page: Page, selector: string) {
      const box = await mapBox(page);
      return page.locator(selector).evaluateAll((ts, b) => ts.map((t) => {
        const r = t.getBoundingClientRect();
        const scale = Number(document.querySelector('.map-viewport')!.getAttribute('data-scale'));
        return { inView: r.width > 0 && r.x >= b.x && r.y >= b.y && r.x + r.width <= b.x + b.width && r.y + r.height <= b.y + b.height,
          height: r.height, font: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent ?? '' };
      }).filter((t) => t.inView), box);
    }

    test('counters are readable at finger zoom, simplify far out, and leaders keep their whole names', async ({ page }) => {
      test.setTimeout(90_000); // three reloads of Issus, slow on a loaded machine
      // A hex about 45 px across: each counter's name and ratings at least 10 px high.
      await issusAt(page, 0.75);
      const hex = (await page.locator('polygon.hex').first().boundingBox())!;
      // 45 px between its corners, and its outline's stroke.
      expect(hex.width).toBeGreaterThanOrEqual(45);
      expect(hex.width).toBeLessThan(48);
      await expect(page.locator('.map-viewport')).toHaveClass(/\bmid\b/);
      await page.screenshot({ path: `artifacts/${device.name}-issus-finger-zoom.png` });
      for (const part of ['.face-name', '.face-ratings']) {
        const sizes = await textSizes(page, `.counter.unit ${part}`);
        expect(sizes.length, part).toBeGreaterThan(5);
        for (const t of sizes) {
          expect(t.font, `${part} ${t.text}`).toBeGreaterThanOrEqual(10);
          expect(t.height, `${part} ${t.text}`).toBeGreaterThanOrEqual(10);
        }
      }
      // The small writing is not drawn then; the leaders' names are written whole.
      await expect(page.locator('.counter.unit .name').first()).toBeHidden();
      const leaders = page.locator('.counter.leader');
      for (let i = 0; i < Math.min(await leaders.count(), 6); i++) {
        const whole = ((await leaders.nth(i).getAttribute('aria-label')) ?? '').match(/^Leader (.+?), /)![1];
        await expect(leaders.nth(i).locator('.leader-label')).toHaveText(whole);
      }
      for (const t of await textSizes(page, '.counter.leader .leader-label')) expect(t.height).toBeGreaterThanOrEqual(10);

      // Near in, the full counter, its name and ratings at least 10 px.
      await issusAt(page, 1.3);
      await expect(page.locator('.map-viewport')).not.toHaveClass(/\bmid\b/);
      for (const part of ['.name', '.ratings']) {
        const sizes = await textSizes(page, `.counter.unit ${part}`);
        expect(sizes.length, part).toBeGreaterThan(0);
        for (const t of sizes) expect(t.font, `${part} ${t.text}`).toBeGreaterThanOrEqual(10);
      }
      await page.screenshot({ path: `artifacts/${device.name}-issus-near.png` });

      // Far out, no writing shrunk to nothing: the type symbol, side colour and markers.
      await issusAt(page, 0.3);
      await expect(page.locator('.map-viewport')).toHaveClass(/\bfar\b/);
      await expect(page.locator('.counter.unit .face-name').first()).toBeHidden();
      await expect(page.locator('.counter.unit .name').first()).toBeHidden();
      await expect(page.locator('.counter.unit .symbol').first()).toBeVisible();
      await page.screenshot({ path: `artifacts/${device.name}-issus-far.png` });
    });

    // The opening view fills the map's box as far as the armies allow (issue 20 §1: "on a
    // desktop the map fills the window"): every unit and leader of both armies in view, and
    // either the map covers at least 90% of the box's width and of its height, or the armies
    // themselves span at least 80% of it on one side (any closer and one would be cut off).
    // The ⤢ button still shows the whole map. The shares are written for the README.
    const fills: Record<string, Record<string, number>> = {};
    for (const battle of ['issus', 'chaeronea', 'samarkand', 'pataliputra']) {
      test(`${battle}: the opening view fills the map's box as far as both armies allow, and ⤢ shows the whole map`, async ({ page }) => {
        await loadBattle(page, battle, []);
        const view = await mapBox(page);
        const percent = (f: number) => Math.round(f * 1000) / 10;
        // The share of the box's width and height the map's drawn extent covers.
        const covered = async () => {
          const drawn = (await page.locator('svg.map').boundingBox())!;
          const across = (lo: number, len: number, vlo: number, vlen: number) =>
            (Math.min(lo + len, vlo + vlen) - Math.max(lo, vlo)) / vlen;
          return { width: across(drawn.x, drawn.width, view.x, view.width), height: across(drawn.y, drawn.height, view.y, view.height) };
        };
        // The counters' centres' extent, and those outside the box.
        const armies = () => page.locator('.counter.unit, .counter.leader').evaluateAll((gs, b) => {
          const centres = gs.map((g) => {
            const r = g.getBoundingClientRect();
            return { id: g.getAttribute('data-unit') ?? g.getAttribute('data-leader') ?? '?', x: r.x + r.width / 2, y: r.y + r.height / 2 };
          });
          const xs = centres.map((c) => c.x), ys = centres.map((c) => c.y);
          return {
            span: Math.max((Math.max(...xs) - Math.min(...xs)) / b.width, (Math.max(...ys) - Math.min(...ys)) / b.height),
            outside: centres.filter((c) => c.x < b.x || c.y < b.y || c.x > b.x + b.width || c.y > b.y + b.height).map((c) => c.id),
          };
        }, view);
        const opening = await covered();
        const { span, outside } = await armies();
        expect(outside).toEqual([]);
        const filled = opening.width >= 0.9 && opening.height >= 0.9;
        expect(filled || span >= 0.8, `map covers ${percent(opening.width)}% x ${percent(opening.height)}%, armies span ${percent(span)}%`).toBe(true);
        await page.screenshot({ path: `artifacts/${device.name}-${battle}-opening.png` });
        // The whole map, all of it inside the box.
        await press(page, page.locator('.zoom-fit'));
        await expect.poll(async () => { const c = await covered(); return c.width * c.height; }).toBeLessThan(opening.width * opening.height);
        const drawn = (await page.locator('svg.map').boundingBox())!;
        expect(drawn.x).toBeGreaterThanOrEqual(view.x - 1);
        expect(drawn.y).toBeGreaterThanOrEqual(view.y - 1);
        expect(drawn.x + drawn.width).toBeLessThanOrEqual(view.x + view.width + 1);
        expect(drawn.y + drawn.height).toBeLessThanOrEqual(view.y + view.height + 1);
        const whole = await covered();
        fills[battle] = {
          'opening width %': percent(opening.width), 'opening height %': percent(opening.height),
          'whole map width %': percent(whole.width), 'whole map height %': percent(whole.height), 'armies span %': percent(span),
        };
      });
    }

    // The three big battles at whole-map zoom, every unit in view; at the start of Pataliputra
    // every leader's activate and pass button in full view (the prompt grows over the map rather
    // than cutting a row in half); one zoom tap in brings hexes to a finger's size. Screenshots
    // of both looked at.
    const PATALIPUTRA_SEED = 1; // a seed whose first decision offers many leaders to activate
    for (const battle of ['issus', 'chaeronea', 'pataliputra']) {
      test(`${battle}: at the opening view every unit in view and the leaders' buttons whole, then finger zoom`, async ({ page }) => {
        test.setTimeout(90_000);
        // Pataliputra from a fixed seed: a new game's dice are random, and not every opening
        // decision is the activation of many leaders this test reads.
        if (battle === 'pataliputra') await loadBattle(page, battle, [], PATALIPUTRA_SEED);
        else await startBattle(page, battle);
        await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
        const box = await mapBox(page);
        const outside = await page.locator('.counter.unit').evaluateAll((gs, b) => gs.filter((g) => {
          const r = g.getBoundingClientRect();
          const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
          return x < b.x || y < b.y || x > b.x + b.width || y > b.y + b.height;
        }).length, box);
        expect(outside).toBe(0);
        await page.screenshot({ path: `artifacts/${device.name}-${battle}-whole-map.png` });
        if (battle === 'pataliputra') {
          const prompt = (await page.locator('.prompt').boundingBox())!;
          const leaders = page.locator('.prompt .prompt-buttons :is(button.activate, button.pass)');
          await expect.poll(() => leaders.count()).toBeGreaterThan(4);
          for (const b of await leaders.all()) {
            const r = (await b.boundingBox())!;
            const name = (await b.textContent()) ?? '';
            expect(r.y, name).toBeGreaterThanOrEqual(prompt.y);
            expect(r.y + r.height, name).toBeLessThanOrEqual(Math.min(prompt.y + prompt.height, device.viewport.height));
            expect(r.x + r.width, name).toBeLessThanOrEqual(device.viewport.width);
          }
          // Its grid row keeps its height: the map's box is where it always is.
          expect(box.y).toBeLessThan(prompt.y + prompt.height);
        }
        while ((await page.locator('polygon.hex').first().boundingBox())!.width < 40) await press(page, page.locator('.zoom-in'));
        await page.screenshot({ path: `artifacts/${device.name}-${battle}-finger.png` });
      });
    }

    test.afterAll(() => {
      if (Object.keys(fills).length > 0) writeFileSync(`artifacts/map-fill-${device.name}.json`, JSON.stringify(fills, null, 2) + '\n');
      if (Object.keys(shares).length === 0) return;
      const rounded = Object.fromEntries(Object.entries(shares).map(([k, v]) => [k, Math.round(v * 1000) / 10]));
      writeFileSync(`artifacts/map-share-${device.name}.json`, JSON.stringify(rounded, null, 2) + '\n');
    });
  });
}
