import { Page } from '@playwright/test';

/// Puts a saved game in the library on this device as its current game (`g1`), with no
/// checkpoint: as a game stored by an earlier version (budgets.spec.ts, profile.spec.ts).
export async function putInLibrary(page: Page, save: string) {
  await page.goto('/');
  await page.evaluate((save) => {
    const game = JSON.parse(save);
    localStorage.clear();
    localStorage.setItem('sarissa.game.g1', save);
    localStorage.setItem('sarissa.library', JSON.stringify({
      games: [{ id: 'g1', name: 'Long Issus', scenario: game.scenario, battle: 'Issus', sides: ['Macedonians', 'Persians'],
        turn: 1, outcome: { state: 'in_progress' }, commands: game.commands.length, started: 0, played: 0 }],
      current: 'g1',
    }));
  }, save);
}
