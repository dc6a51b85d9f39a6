import { readFileSync } from 'node:fs';
import { test, expect, Page } from '@playwright/test';

// House rules (issue 23): switched on in the chooser as a group of their own, credited; the
// leaders' temperaments (B1) on their discs and in their details; the barbarian order (B2) and
// the temperament rolls in the log under their own names; eager troops (B5) and their surge.

async function openLog(page: Page) {
  if (await page.locator('.panel').isHidden()) await page.locator('.drawer-toggle').tap();
  await page.locator('.tab-log').tap();
}

// Opens the battle's optional rules in the chooser and switches on the house rules `keys`.
async function chooseHouseRules(page: Page, battle: string, keys: string[]) {
  await page.goto('/');
  const card = page.locator(`.battle-card[data-scenario="${battle}"]`);
  await card.locator('details.options summary').tap();
  const house = card.locator('.house-rules');
  await expect(house.locator('h3')).toHaveText('House rules');
  await expect(house.locator('.credit')).toContainText('inspired by the Mutford house rules');
  for (const key of keys) {
    await house.locator(`label.option[data-option="${key}"]`).tap();
    await expect(house.locator(`label.option[data-option="${key}"] input`)).toBeChecked();
  }
  return card;
}

test('house rules switched on in the chooser: temperaments on the discs, in the details and the log (House B1)', async ({ page }) => {
  const card = await chooseHouseRules(page, 'issus', ['leader_temperament', 'command_collapse']);
  // The rulebook's rules stay apart from the house rules.
  await expect(card.locator('details.options > ul label.option[data-option="leader_temperament"]')).toHaveCount(0);
  await expect(card.locator('details.options summary')).toContainText('Leader temperament (House B1)');
  await page.screenshot({ path: 'artifacts/tablet-house-rules-chooser.png' });
  await card.locator('.play').tap();
  await expect(page).toHaveURL(/#\/play$/);
  // The battle is fetched, then the map drawn: wait for its leaders before counting them.
  await expect(page.locator('.counter.leader').first()).toBeAttached();
  // Seventeen subordinates roll at Issus: some are surely not steady (0.6^17 < 0.02%).
  const marked = page.locator('.counter.leader.aggressive, .counter.leader.cautious');
  expect(await marked.count()).toBeGreaterThan(0);
  await expect(page.locator('.counter.leader .temperament-mark')).toHaveCount(await marked.count());
  const id = await marked.first().getAttribute('data-leader');
  const label = (await marked.first().getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/, (aggressive|cautious)/);
  await page.screenshot({ path: 'artifacts/tablet-house-temperament.png' });
  // Every roll is in the log, with its rule.
  await openLog(page);
  const rolled = page.locator('.log-entry', { hasText: 'Leader temperament:' });
  await expect(rolled).toHaveCount(17);
  await expect(rolled.first().locator('.rule')).toHaveText('House B1');
  // The leader's details say what his temperament does: the log entry shows where he is, and
  // a tap on his disc opens them.
  const name = (await page.locator(`.counter.leader[data-leader="${id}"] .leader-label`).textContent()) ?? '';
  await page.locator('.log-entry', { hasText: `Leader temperament: ${name} is` }).tap();
  if (await page.locator('.drawer-hide').isVisible()) await page.locator('.drawer-hide').tap();
  // Past the pre-arranged withdrawals (6.82), where a tap on the map picks lines, not details.
  const noPw = page.getByRole('button', { name: 'No pre-arranged withdrawal' });
  while (await noPw.isVisible()) {
    await noPw.tap();
    await page.waitForTimeout(200);
  }
  const hex = label.match(/ in (\d{4})/)?.[1];
  await page.locator(`polygon.hex[data-hex="${hex}"]`).tap({ force: true });
  const details = page.locator(`.leader-card[data-leader="${id}"]`);
  await expect(details).toContainText('Temperament');
  await expect(details).toContainText('(House B1)');
  await page.screenshot({ path: 'artifacts/tablet-house-leader-details.png' });
  // Near in, the mark on his disc.
  for (let i = 0; i < 4; i++) await page.locator('.zoom-in').tap();
  await page.locator(`.counter.leader[data-leader="${id}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/tablet-house-temperament-near.png' });
  // The rules of the battle list the house rules in force apart from the rulebook's, credited.
  await page.locator('.panel-close').tap();
  if (await page.locator('.panel').isHidden()) await page.locator('.drawer-toggle').tap();
  const rules = page.locator('details.battle-rules');
  await rules.locator('summary').tap();
  await expect(rules.locator('.house-in-force')).toContainText(
    'House rules in this game: Command collapse (House B9), Leader temperament (House B1).');
  await expect(rules.locator('.house-in-force')).toContainText('inspired by the Mutford house rules');
  await expect(rules.locator('.optional-in-force')).not.toContainText('House');
});

test('the barbarian order is rolled each turn where a side is barbarian (House B2)', async ({ page }) => {
  const card = await chooseHouseRules(page, 'samarkand', ['barbarian_activation']);
  await expect(card.locator('details.options summary')).toHaveText('Optional rules: Barbarian activation order (House B2)');
  // Offered only where a side is barbarian: not at Chaeronea.
  await page.locator('.battle-card[data-scenario="chaeronea"] details.options summary').tap();
  await expect(page.locator('.battle-card[data-scenario="chaeronea"] label.option[data-option="barbarian_activation"]')).toHaveCount(0);
  await card.locator('.play').tap();
  await expect(page).toHaveURL(/#\/play$/);
  await openLog(page);
  const order = page.locator('.log-entry', { hasText: "Barbarian order: this turn Spitamenes' Sogdians and Scythians move in the order" });
  await expect(order).toHaveCount(1);
  await expect(order.locator('.rule')).toHaveText('House B2');
  await expect(page.locator('.log-entry', { hasText: 'for his place in the order' })).toHaveCount(4);
  await page.screenshot({ path: 'artifacts/tablet-house-barbarian.png' });
});

// A game at Samarkand with eager troops on (seed 34, made with `sarissa link encode
// e2e/fixtures/samarkand-surge.sarissa`): the Bactrian chief gives no order, his momentum roll
// fails, and the Bactrian horse rushes at the mercenary hoplites and checks before the shock.
const SURGE_GAME = readFileSync('e2e/fixtures/samarkand-surge.gamelink', 'utf8').trim();

test('eager troops: switched on in the chooser, and a failed momentum sets them off in the log (House B5)', async ({ page }) => {
  const card = await chooseHouseRules(page, 'samarkand', ['eager_troops']);
  await expect(card.locator('details.options summary')).toHaveText('Optional rules: Eager troops and the surge (House B5)');
  await expect(card.locator('label.option[data-option="eager_troops"]')).toContainText('costs two orders');
  // Offered only where units are eager: not at the Hydaspes.
  await page.locator('.battle-card[data-scenario="hydaspes"] details.options summary').tap();
  await expect(page.locator('.battle-card[data-scenario="hydaspes"] label.option[data-option="eager_troops"]')).toHaveCount(0);
  // The game with the surge, from its link.
  await page.goto(`/#${SURGE_GAME}`);
  await expect(page).toHaveURL(/#\/play$/);
  await openLog(page);
  const die = page.locator('.log-entry', { hasText: 'Surge: Bactrian Horse rolls' });
  await expect(die).toHaveCount(1);
  await expect(die.locator('.rule')).toHaveText('House B5');
  const surge = page.locator('.log-entry', { hasText: "Surge: Bactrian Chief's failure sets Bactrian Horse off" });
  await expect(surge).toHaveCount(1);
  await expect(surge).toContainText('it rushes at Hoplites II (7 MP)');
  await expect(surge.locator('.rule')).toHaveText('House B5');
  // The charge's price: its pre-shock check, failed by two.
  const check = page.locator('.log-entry', { hasText: 'Bactrian Horse checks its troop quality (6): rolls 8.' });
  await expect(check.locator('.rule')).toHaveText('House B5');
  await page.screenshot({ path: 'artifacts/tablet-house-surge.png' });
});

test('dense woods: switched on in the chooser, the woods are drawn dense and the map key names them (House B7)', async ({ page }) => {
  const card = await chooseHouseRules(page, 'pataliputra', ['dense_woods']);
  await expect(card.locator('details.options summary')).toContainText('Dense woods (House B7)');
  // Offered only where the map has woods: not on Chaeronea's plain.
  await page.locator('.battle-card[data-scenario="chaeronea"] details.options summary').tap();
  await expect(page.locator('.battle-card[data-scenario="chaeronea"] label.option[data-option="dense_woods"]')).toHaveCount(0);
  await card.locator('.play').tap();
  await expect(page).toHaveURL(/#\/play$/);
  // Every woods hex is drawn dense once the map's slices are all drawn; none is left plain woods.
  const dense = page.locator('polygon.hex.t-dense-woods[data-hex]');
  await expect.poll(() => dense.count()).toBeGreaterThan(0);
  await expect(page.locator('polygon.hex.t-woods[data-hex]')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/tablet-house-dense-woods.png' });
  // The map key names them.
  if (await page.locator('.panel').isHidden()) await page.locator('.drawer-toggle').tap();
  await expect(page.locator('details.legend')).toContainText('dense woods (house rule B7)');
});
