import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const sarissa = process.env.SARISSA_BIN ?? '../target/debug/sarissa';
const battles = readdirSync('../scenarios').filter((f) => f.endsWith('.toml')).map((f) =>
  JSON.parse(execFileSync(sarissa, ['summary', `../scenarios/${f}`]).toString()));

test('the start screen lists every battle with its sides and units', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto('/');
  await expect(page.locator('.battle-card')).toHaveCount(battles.length);
  for (const b of battles) {
    const card = page.locator(`.battle-card[data-scenario="${b.id}"]`);
    await expect(card.locator('h2')).toContainText(b.name);
    for (const side of b.sides) {
      await expect(card.locator('.sides')).toContainText(`${side.name} — ${side.units} units, ${side.leaders} leaders`);
    }
    await expect(card).toContainText(`map ${b.columns} × ${b.rows} hexes`);
    await expect(card.locator('svg.preview path.preview-units')).toHaveCount(2);
    // Who plays each side: the pickers stay inside their card (they overflowed it, session 17).
    const cardBox = (await card.boundingBox())!;
    for (const seat of await card.locator('select.seat').all()) {
      const box = (await seat.boundingBox())!;
      expect(box.x + box.width, `${b.id}: a seat picker past its card's right edge`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
  }
  await page.screenshot({ path: 'artifacts/tablet-start-screen.png' });
  expect(problems).toEqual([]);
});

for (const b of battles) {
  test(`${b.id}: play opens the battle with every hex and counter, back returns`, async ({ page }) => {
    await page.goto('/');
    await page.locator(`.battle-card[data-scenario="${b.id}"] .play`).tap();
    await expect(page).toHaveURL(/#\/play$/);
    await expect(page.locator('.topbar .battle-name')).toHaveText(b.name);
    await expect(page.locator('.map-viewport[data-scale]')).toBeVisible();
    await expect(page.locator('svg.map polygon.hex')).toHaveCount(b.hexes);
    await expect(page.locator('.counter.unit')).toHaveCount(b.units);
    await expect(page.locator('.counter.leader')).toHaveCount(b.leaders);
    await page.screenshot({ path: `artifacts/tablet-${b.id}.png` });
    await page.locator('.topbar .back').tap();
    await expect(page.locator('.battle-card')).toHaveCount(battles.length);
  });
}

test('an unknown battle in the link falls back to the chooser with a notice', async ({ page }) => {
  await page.goto('/#/battle/marathon');
  await expect(page.locator('.notice')).toContainText('marathon');
  await expect(page.locator('.battle-card')).toHaveCount(battles.length);
});

test('optional rules can be switched before a battle and stay with the game (GBA §C)', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('.battle-card[data-scenario="samarkand"]');
  await expect(card.locator('details.options summary')).toHaveText('Optional rules: none');
  await card.locator('details.options summary').tap();
  const engaged = card.locator('label.option[data-option="engaged"] input');
  await expect(engaged).not.toBeChecked();
  await card.locator('label.option[data-option="engaged"]').tap();
  await expect(engaged).toBeChecked();
  await expect(card.locator('details.options summary')).toHaveText('Optional rules: Engaged (10.3)');
  await page.screenshot({ path: 'artifacts/tablet-optional-rules.png' });
  await card.locator('.play').tap();
  await expect(page).toHaveURL(/#\/play$/);
  const save = JSON.parse(await page.evaluate(() => {
    const current = JSON.parse(localStorage.getItem('sarissa.library') ?? '{}').current;
    return localStorage.getItem(`sarissa.game.${current}`) ?? '{}';
  }));
  expect(save.options).toEqual({ engaged: true });
  // The game says which optional rules it is played with, after a reload too.
  await page.reload();
  await page.locator('.drawer-toggle').tap();
  const rules = page.locator('details.battle-rules');
  await rules.locator('summary').tap();
  await expect(rules.locator('.optional-in-force')).toHaveText('Optional rules in this game: Engaged (10.3).');
});

test('the rules of the battle say which ones the players keep themselves (P151)', async ({ page }) => {
  await page.goto('/');
  await page.locator('.battle-card[data-scenario="issus"] .play').tap();
  await page.locator('.drawer-toggle').tap();
  const rules = page.locator('details.battle-rules');
  await rules.locator('summary').tap();
  await expect(rules.locator('[data-rule="river-line"]')).toContainText('Holding the river');
  await expect(rules.locator('[data-rule="river-line"] .players-keep')).toHaveCount(0);
  await expect(rules.locator('[data-rule="heights"] .players-keep')).toContainText('keep it yourselves');
  await expect(rules.locator('.optional-in-force')).toContainText('Elite commander');
});
