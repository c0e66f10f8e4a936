// The scorer console in Chromium on a 375 px phone: a scorer makes a fixture with new players,
// records the toss and starts the innings, then scores an over with a single, a wide, a no-ball,
// a four and a wicket, losing the connection mid-over: the balls wait on the device and arrive
// once each, in order. Undo takes the last ball back. Checked against the public API.
import { expect, test, type Page } from '@playwright/test';
import { SCORER_PASSWORD, SCORER_PHONE } from './support/scorer-account.ts';
import { expectScreen } from './support/screens.ts';

test.use({ viewport: { width: 375, height: 800 } });

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Keys go to the page, not to the select last used. */
async function press(page: Page, keys: string[]): Promise<void> {
  await page.getByTestId('this-over').click();
  for (const key of keys) await page.keyboard.press(key);
}

async function inningsNow(page: Page, matchKey: string) {
  const answer = await page.request.get(`/user/v1/scorer/matches/${matchKey}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.innings[0] as { runs: number; wickets: number; legal_balls: number };
}

test('a scorer scores an over with a wide, a no-ball, a boundary and a wicket, offline for part of it', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/login?next=/scorer/new');
  await hydrated(page);
  await page.getByLabel('Mobile Number').fill(SCORER_PHONE);
  await page.getByLabel('Password').fill(SCORER_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/scorer/new');
  await hydrated(page);

  await page.getByLabel('Tournament or series').fill('E2E Console Cup');
  await page.getByLabel('Team A').fill('Lakeside Larks');
  await page.getByLabel('Team B').fill('Hillside Hawks');
  await page.getByLabel('Start time').fill('2026-12-01T14:00');
  for (const [side, names] of [
    ['a', ['Asha Rao', 'Bina Shah', 'Chitra Iyer', 'Deepa Nair']],
    ['b', ['Esha Gill', 'Farah Khan']],
  ] as const) {
    const squad = page.getByTestId(`squad-${side}`);
    for (const name of names) {
      const addButton = squad.getByRole('button', { name: `Add “${name}” as a new player` });
      // Typed before React has taken over the field (a loaded machine), the text is reset by
      // hydration and no button appears: type again until it does.
      await expect(async () => {
        await squad.getByRole('textbox').fill(name);
        await expect(addButton).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await addButton.click();
    }
    await expect(squad.getByRole('listitem').filter({ hasText: 'Remove' })).toHaveCount(names.length);
  }
  // A player the site already knows, picked by name: the same person, not a new one.
  const squadB = page.getByTestId('squad-b');
  await squadB.getByRole('textbox').fill('RG Shar');
  await squadB.getByRole('button', { name: 'RG Sharma', exact: true }).click();
  await expect(squadB.getByRole('listitem').filter({ hasText: 'Remove' })).toHaveCount(3);
  // React hydrates after Astro marks the island hydrated: on a loaded machine the first fields
  // typed may have beaten it and been reset by a later render. By now it has hydrated.
  for (const [label, value] of [['Tournament or series', 'E2E Console Cup'], ['Team A', 'Lakeside Larks'], ['Team B', 'Hillside Hawks'], ['Start time', '2026-12-01T14:00']] as const) {
    const field = page.getByLabel(label);
    if ((await field.inputValue()) !== value) await field.fill(value);
  }
  await page.getByRole('button', { name: 'Create match' }).click();
  await page.waitForURL((url) => /^\/scorer\/[^/]+$/.test(url.pathname) && url.pathname !== '/scorer/new');
  const matchKey = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await hydrated(page);
  const made = (await (await page.request.get(`/user/v1/scorer/matches/${matchKey}`)).json()).data;
  expect(made.players.b.find((player: { name: string }) => player.name === 'RG Sharma').key).not.toMatch(/^crease-/);

  await page.getByTestId('toss-winner').selectOption({ label: 'Lakeside Larks' });
  await page.getByRole('button', { name: 'Save toss' }).click();
  await expect(page.getByTestId('start-innings')).toBeVisible();
  await expect(page.getByTestId('batting-side')).toHaveValue('a');
  await page.getByTestId('start-innings').click();

  await page.getByTestId('striker').selectOption({ label: 'Asha Rao' });
  await page.getByTestId('non-striker').selectOption({ label: 'Bina Shah' });
  await expect(page.getByTestId('bowler').getByRole('option', { name: 'RG Sharma' })).toHaveCount(1);
  await page.getByTestId('bowler').selectOption({ label: 'Esha Gill' });
  await expect(page.getByText('Keys: 0–6 runs')).toBeVisible();

  // A single (keys), a wide (button), a no-ball (key) and a four.
  await press(page, ['1']);
  await page.getByRole('button', { name: /^Wide/ }).click();
  await page.getByTestId('runs-0').click();
  await press(page, ['n', '0', '4']);
  await expect(page.getByTestId('this-over')).toHaveText('This over: 1 wd nb 4');
  await expect(page.getByTestId('queue-status')).toHaveText('All balls sent');
  expect(await inningsNow(page, matchKey)).toMatchObject({ runs: 7, wickets: 0, legal_balls: 2 });

  // A wicket: bowled, the striker (Bina, after the single) is out; Chitra comes in.
  await press(page, ['x']);
  await page.getByTestId('dismissal').selectOption('bowled');
  await expectScreen(page, 'scorer-console-375');
  await page.getByTestId('runs-0').click();
  await expect(page.getByTestId('striker')).toHaveValue('');
  await page.getByTestId('striker').selectOption({ label: 'Chitra Iyer' });

  // The connection drops mid-over: two balls wait on the device, then go once each.
  await context.setOffline(true);
  await press(page, ['2', '6']);
  await expect(page.getByTestId('queue-status')).toHaveAttribute('data-queued', '2');
  await expect(page.getByTestId('queue-status')).toContainText('2 ball(s) waiting to be sent');
  await context.setOffline(false);
  await expect(page.getByTestId('queue-status')).toHaveText('All balls sent', { timeout: 20_000 });
  expect(await inningsNow(page, matchKey)).toMatchObject({ runs: 15, wickets: 1, legal_balls: 5 });

  // The last ball of the over, taken back with 'u' and bowled again.
  await press(page, ['0']);
  await expect(page.getByTestId('queue-status')).toHaveText('All balls sent');
  await expect(page.getByTestId('bowler')).toHaveValue('');
  expect(await inningsNow(page, matchKey)).toMatchObject({ runs: 15, wickets: 1, legal_balls: 6 });
  await press(page, ['u']);
  await expect.poll(async () => (await inningsNow(page, matchKey)).legal_balls).toBe(5);
  await expect(page.getByTestId('bowler')).not.toHaveValue('');
  await press(page, ['1']);
  await expect(page.getByTestId('queue-status')).toHaveText('All balls sent');
  expect(await inningsNow(page, matchKey)).toMatchObject({ runs: 16, wickets: 1, legal_balls: 6 });

  // The public commentary holds every ball once, in order.
  const commentary = await (await page.request.get(`/user/v1/get/commentory/?match_key=${matchKey}`)).json();
  const balls = (commentary.data.related_balls as { overs: [number, number]; batsman: { runs: number }; wicket: unknown }[]).slice().reverse();
  expect(balls.map((ball) => ball.batsman.runs)).toEqual([1, 0, 0, 4, 0, 2, 6, 1]);
  expect(balls.filter((ball) => ball.wicket)).toHaveLength(1);

  // The console's list, in Hindi.
  await page.goto('/hi/scorer');
  await expect(page.getByRole('heading', { name: 'कंसोल पर बने मैच' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Lakeside Larks v Hillside Hawks/ })).toHaveAttribute('href', `/hi/scorer/${matchKey}`);
});
