// The scorer console in Chromium, phone first (decision 075). On a 375 px phone in English a scorer
// makes a fixture with new players, records the toss and starts the innings, picks the openers and
// the bowler with one tap each, then scores an over: one tap a ball (keys too, a select focused or
// not), a caught wicket in two taps plus the fielder with the new batter asked for at once, a
// stretch offline (the balls wait on the device and arrive once each), an undo after the wicket
// that keeps the new batter, the over read back from the server after a reload, and an earlier
// ball corrected. At 1280 px in Hindi the same console: a bowled wicket in two taps, a run out,
// a correction. The token page in both: a token made (shown once), listed, revoked. Checked
// against the public API; axe finds nothing serious.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility.ts';
import { SCORER_PASSWORD, SCORER_PHONE } from './support/scorer-account.ts';
import { expectScreen } from './support/screens.ts';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function logIn(page: Page, next: string): Promise<void> {
  await page.goto(`/login?next=${next}`);
  await hydrated(page);
  await page.getByLabel('Mobile Number').fill(SCORER_PHONE);
  await page.getByLabel('Password').fill(SCORER_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === next);
  await hydrated(page);
}

/** Keys go to the page, not to a field last used. */
async function press(page: Page, keys: string[]): Promise<void> {
  await page.getByTestId('this-over').click();
  for (const key of keys) await page.keyboard.press(key);
}

async function matchNow(page: Page, matchKey: string) {
  const answer = await page.request.get(`/user/v1/scorer/matches/${matchKey}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as {
    innings: { runs: number; wickets: number; legal_balls: number }[];
    current: { striker: string | null; balls: { key: string; symbol: string; over: number; ball: number }[] };
    players: Record<'a' | 'b', { key: string; name: string }[]>;
  };
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousViolations(page, 'main')).toEqual([]);
}

/** Every button a thumb taps (of the scoring screen by default) is at least 48 px square. */
async function expectLargeTargets(page: Page, buttons = '.scorer-pad button, .scorer-question-panel button, .scorer-wicket button'): Promise<void> {
  const small = await page.locator(buttons).evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      const box = button.getBoundingClientRect();
      return box.width > 0 && (box.width < 48 || box.height < 48) ? [`${button.textContent}: ${Math.round(box.width)}x${Math.round(box.height)}`] : [];
    }),
  );
  expect(small).toEqual([]);
}

/** A fixture made through the console's API, as the signed-in scorer's page (cookie and csrf header). */
async function fixtureThroughApi(page: Page, names: { a: string[]; b: string[] }, teams: [string, string]): Promise<string> {
  return page.evaluate(
    async ({ names, teams }) => {
      const csrf = decodeURIComponent(document.cookie.split('; ').find((entry) => entry.startsWith('crease_csrf='))?.slice('crease_csrf='.length) ?? '');
      const response = await fetch('/user/v1/scorer/fixtures', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({
          tournament: { name: 'E2E Phone Cup' },
          teams: teams.map((name) => ({ name })),
          start_at: '2026-12-02T14:00:00+05:30',
          format: 't20',
          overs_limit: 20,
          squads: { a: names.a.map((name) => ({ name })), b: names.b.map((name) => ({ name })) },
        }),
      });
      if (!response.ok) throw new Error(`fixture: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: { match_key: string } }).data.match_key;
    },
    { names, teams },
  );
}

test.describe('on a phone, in English', () => {
  test.use({ viewport: PHONE });

  test('a scorer scores an over with one tap a ball, a caught wicket and the new batter at once, offline for part of it, then corrects a ball', async ({ page, context }) => {
    test.setTimeout(120_000);
    await logIn(page, '/scorer/new');

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
    const made = await matchNow(page, matchKey);
    expect(made.players.b.find((player) => player.name === 'RG Sharma')!.key).not.toMatch(/^crease-/);

    await page.getByTestId('toss-winner').selectOption({ label: 'Lakeside Larks' });
    await page.getByRole('button', { name: 'Save toss' }).click();
    await expect(page.getByTestId('start-innings')).toBeVisible();
    await expect(page.getByTestId('batting-side')).toHaveValue('a');
    await page.getByTestId('start-innings').click();

    // The openers and the bowler: a tap each, asked one after the other.
    await expect(page.getByText('Who is on strike?')).toBeVisible();
    await page.getByTestId('pick-striker').getByRole('button', { name: 'Asha Rao' }).click();
    await expect(page.getByText('Who is at the other end?')).toBeVisible();
    await page.getByTestId('pick-non-striker').getByRole('button', { name: 'Bina Shah' }).click();
    await expect(page.getByTestId('pick-bowler').getByRole('button', { name: 'RG Sharma' })).toHaveCount(1);
    await page.getByTestId('pick-bowler').getByRole('button', { name: 'Esha Gill' }).click();
    await expect(page.getByText('Keys: 0–6 runs')).toBeVisible();

    // The pad sits wholly on the phone's screen: the site's bottom bar gives way to it.
    await expect(page.locator('.bottom-bar')).toBeHidden();
    const pad = (await page.locator('.scorer-pad').boundingBox())!;
    expect(pad.y + pad.height).toBeLessThanOrEqual(PHONE.height);
    await expectLargeTargets(page);

    // A single (a tap), a wide (a toggle, then the runs), a no-ball and a four (keys, with a
    // select of the players focused: the keys still score, the select keeps its value).
    await page.getByTestId('runs-1').click();
    await page.getByRole('button', { name: /^Wide/ }).click();
    await page.getByTestId('runs-0').click();
    await page.getByText('Change players').click();
    await page.getByTestId('bowler').focus();
    for (const key of ['n', '0', '4']) await page.keyboard.press(key);
    await expect(page.getByTestId('bowler')).toHaveValue(made.players.b.find((player) => player.name === 'Esha Gill')!.key);
    await page.getByText('Change players').click();
    await expect(page.getByTestId('this-over')).toHaveText('Over 1:1wdnb4');
    await expect(page.getByTestId('queue-status')).toHaveText('All balls sent');
    expect((await matchNow(page, matchKey)).innings[0]).toMatchObject({ runs: 7, wickets: 0, legal_balls: 2 });

    // A catch: Wicket, Caught, the fielder. Bina (on strike after the single) is out, and the
    // new batter is asked for at once.
    await page.getByTestId('wicket').click();
    await expectLargeTargets(page);
    await page.getByTestId('kind-caught').click();
    await page.getByTestId('pick-fielder').getByRole('button', { name: 'Farah Khan' }).click();
    await expect(page.getByText('Wicket: who comes in?')).toBeVisible();
    await expectScreen(page, 'scorer-console-375');
    await page.getByTestId('pick-striker').getByRole('button', { name: 'Chitra Iyer' }).click();
    await expect(page.getByTestId('crease')).toContainText('Chitra Iyer');

    // The connection drops mid-over: two balls wait on the device, then go once each.
    await context.setOffline(true);
    await press(page, ['2', '6']);
    await expect(page.getByTestId('queue-status')).toHaveAttribute('data-queued', '2');
    await expect(page.getByTestId('queue-status')).toContainText('2 ball(s) waiting to be sent');
    await context.setOffline(false);
    await expect(page.getByTestId('queue-status')).toHaveText('All balls sent', { timeout: 20_000 });
    await expect(page.getByTestId('this-over')).toHaveText('Over 1:1wdnb4W26');
    expect((await matchNow(page, matchKey)).innings[0]).toMatchObject({ runs: 15, wickets: 1, legal_balls: 5 });

    // Both balls after the wicket taken back: the new batter is still in, on strike.
    await press(page, ['u']);
    await expect.poll(async () => (await matchNow(page, matchKey)).innings[0]!.legal_balls).toBe(4);
    // Keys wait while the console reads the match again after a command.
    await expect(page.getByTestId('this-over')).toHaveText('Over 1:1wdnb4W2');
    await expect(page.getByTestId('undo')).toBeEnabled();
    await press(page, ['u']);
    await expect.poll(async () => (await matchNow(page, matchKey)).innings[0]!.legal_balls).toBe(3);
    await expect(page.getByTestId('this-over')).toHaveText('Over 1:1wdnb4W');
    await expect(page.getByTestId('crease')).toContainText('Chitra Iyer');
    await expect(page.getByText('Wicket: who comes in?')).toHaveCount(0);
    await press(page, ['2', '6', '0']);
    await expect(page.getByTestId('queue-status')).toHaveText('All balls sent');
    // The over ended: the next bowler is asked for at once, and the last one is not offered.
    await expect(page.getByTestId('pick-bowler').getByRole('button', { name: 'Esha Gill' })).toHaveCount(0);
    expect((await matchNow(page, matchKey)).innings[0]).toMatchObject({ runs: 15, wickets: 1, legal_balls: 6 });

    // A reload (or another device) reads the over from the server.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('this-over')).toHaveText('Over 1:1wdnb4W26.');
    await page.getByTestId('pick-bowler').getByRole('button', { name: 'RG Sharma' }).click();

    // The four was a six: corrected from the innings' balls, through the server.
    const four = (await matchNow(page, matchKey)).current.balls.find((ball) => ball.symbol === '4')!;
    await page.getByTestId('innings-balls').getByText('Balls of this innings').click();
    await page.getByTestId(`correct-${four.key}`).click();
    await expect(page.getByTestId('editing')).toContainText('Correcting ball 0.2 (recorded as 4)');
    await page.getByTestId('runs-6').click();
    await expect(page.getByRole('alert')).toHaveText('Ball 0.2 corrected.');
    await expect(page.getByTestId('this-over')).toHaveText('Over 1:1wdnb6W26.');
    expect((await matchNow(page, matchKey)).innings[0]).toMatchObject({ runs: 17, wickets: 1, legal_balls: 6 });
    await expectNoSeriousAxe(page);

    // The public commentary holds every ball once, in order, the corrected one as corrected.
    const commentary = await (await page.request.get(`/user/v1/get/commentory/?match_key=${matchKey}`)).json();
    const balls = (commentary.data.related_balls as { batsman: { runs: number }; wicket: unknown }[]).slice().reverse();
    expect(balls.map((ball) => ball.batsman.runs)).toEqual([1, 0, 0, 6, 0, 2, 6, 0]);
    expect(balls.filter((ball) => ball.wicket)).toHaveLength(1);
  });

  test('a scorer makes an API token, sees it once, and revokes it', async ({ page }) => {
    await logIn(page, '/profile');
    await page.getByRole('navigation', { name: 'Profile menu' }).getByRole('link', { name: 'Scorer API tokens' }).click();
    await page.waitForURL('**/scorer/tokens');
    await hydrated(page);
    await page.getByLabel('Name (the app or the device)').fill('Ground tablet');
    await page.getByRole('button', { name: 'Make token' }).click();
    await expect(page.getByText('Your new token “Ground tablet”. Copy it now: it will not be shown again.')).toBeVisible();
    const token = await page.getByTestId('new-token').inputValue();
    expect(token.length).toBeGreaterThan(20);
    await expect(page.getByTestId('tokens').getByRole('listitem').filter({ hasText: 'Ground tablet' })).toContainText('Never used');
    await expectLargeTargets(page, '.scorer button');
    await expectNoSeriousAxe(page);
    await expectScreen(page, 'scorer-tokens-375', { mask: [page.getByTestId('new-token')] });
    // The token itself never comes back in the list.
    expect(await (await page.request.get('/user/v1/scorer/tokens')).text()).not.toContain(token);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke: Ground tablet' }).click();
    await expect(page.getByTestId('tokens').getByRole('listitem').filter({ hasText: 'Ground tablet' })).toHaveCount(0);
  });
});

test.describe('on a desktop, in Hindi', () => {
  test.use({ viewport: DESKTOP });

  test('the console: a bowled wicket in two taps, a run out, an earlier ball corrected', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, '/scorer');
    const matchKey = await fixtureThroughApi(page, { a: ['Gauri Das', 'Hema Pal', 'Isha Sen', 'Jaya Roy'], b: ['Kavya Jain', 'Lata Bose'] }, ['River Rays', 'Forest Foxes']);
    await page.goto(`/hi/scorer/${matchKey}`);
    await hydrated(page);
    await page.getByTestId('toss-winner').selectOption({ label: 'River Rays' });
    await page.getByRole('button', { name: 'टॉस सहेजें' }).click();
    await page.getByTestId('start-innings').click();
    await page.getByTestId('pick-striker').getByRole('button', { name: 'Gauri Das' }).click();
    await page.getByTestId('pick-non-striker').getByRole('button', { name: 'Hema Pal' }).click();
    await page.getByTestId('pick-bowler').getByRole('button', { name: 'Kavya Jain' }).click();

    // One tap a ball; a bowled wicket is two taps, and the new batter is asked for at once.
    await page.getByTestId('runs-4').click();
    await page.getByTestId('runs-0').click();
    await page.getByTestId('wicket').click();
    await page.getByTestId('kind-bowled').click();
    await expect(page.getByText('विकेट: अब कौन आएगा?')).toBeVisible();
    await page.getByTestId('pick-striker').getByRole('button', { name: 'Isha Sen' }).click();
    // A run out: Wicket, Run out, the fielder, then who (with the runs completed).
    await page.getByTestId('wicket').click();
    await page.getByTestId('kind-run-out').click();
    await page.getByTestId('pick-fielder').getByRole('button', { name: 'Lata Bose' }).click();
    await page.getByRole('group', { name: 'पूरे किए गए रन' }).getByRole('button', { name: '1', exact: true }).click();
    await page.getByTestId('pick-out').getByRole('button', { name: 'Hema Pal' }).click();
    await expect(page.getByText('विकेट: अब कौन आएगा?')).toBeVisible();
    // They crossed on the single: the new batter takes strike.
    await page.getByTestId('pick-striker').getByRole('button', { name: 'Jaya Roy' }).click();
    await expect(page.getByTestId('queue-status')).toHaveText('सभी गेंदें भेज दी गईं');
    await expect(page.getByTestId('this-over')).toHaveText('ओवर 1:4.W1W');
    expect((await matchNow(page, matchKey)).innings[0]).toMatchObject({ runs: 5, wickets: 2, legal_balls: 4 });

    // The dot ball was a two.
    const dot = (await matchNow(page, matchKey)).current.balls[1]!;
    await page.getByTestId('innings-balls').locator('summary').click();
    await page.getByTestId(`correct-${dot.key}`).click();
    await page.getByTestId('runs-2').click();
    await expect(page.getByRole('alert')).toHaveText('गेंद 0.2 सुधार दी गई।');
    await expect(page.getByTestId('this-over')).toHaveText('ओवर 1:42W1W');
    expect((await matchNow(page, matchKey)).innings[0]).toMatchObject({ runs: 7, wickets: 2, legal_balls: 4 });
    await expectLargeTargets(page);
    await expectNoSeriousAxe(page);
    await expectScreen(page, 'scorer-console-1280-hi');
  });

  test('the token page', async ({ page }) => {
    await logIn(page, '/scorer');
    await page.goto('/hi/scorer/tokens');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'स्कोरर API टोकन' })).toBeVisible();
    await page.getByLabel('नाम (ऐप या डिवाइस)').fill('स्कोरिंग ऐप');
    await page.getByRole('button', { name: 'टोकन बनाएँ' }).click();
    await expect(page.getByText('आपका नया टोकन “स्कोरिंग ऐप”। इसे अभी कॉपी करें: यह फिर नहीं दिखेगा।')).toBeVisible();
    await expectNoSeriousAxe(page);
    await expectScreen(page, 'scorer-tokens-1280-hi', { mask: [page.getByTestId('new-token')] });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'रद्द करें: स्कोरिंग ऐप' }).click();
    await expect(page.getByTestId('tokens').getByRole('listitem').filter({ hasText: 'स्कोरिंग ऐप' })).toHaveCount(0);

    // The console's list in Hindi links to each match in Hindi.
    await page.goto('/hi/scorer');
    await expect(page.getByRole('heading', { name: 'कंसोल पर बने मैच' })).toBeVisible();
  });
});
