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
