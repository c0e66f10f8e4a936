// A fan follows a live match in Chromium while balls are scored through the ingest API with a
// scorer's API token (tests/e2e/support/seed-live.ts made the fixture and the token): each ball
// appears within a second without a reload, at 375 px; the fan's network drops mid-over and
// comes back with nothing missed or doubled; an undo (the scorer console's API) removes the
// ball; read-aloud (speechSynthesis stubbed to record) speaks each ball once, in the page's
// language; the home card, the scoreboard and the Fixtures card follow; an upcoming match's
// page and card turn live at its first ball; without JavaScript the page shows the state at load.
// The screens at 375 and 1280 px are compared with reviewed baselines.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { LIVE_SEED_FILE, type LiveSeed } from './support/seed-live-key.ts';
import { REPLAY_SEED_FILE } from './support/seed-replay-key.ts';

interface Spoken {
  text: string;
  lang: string;
  rate: number;
}

declare global {
  interface Window {
    spoken: Spoken[];
  }
}

const seed = (): LiveSeed => JSON.parse(readFileSync(LIVE_SEED_FILE, 'utf8')) as LiveSeed;

/** speechSynthesis replaced by a recorder that ends each utterance at once; the browser has no voices. */
async function recordSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.spoken = [];
    class RecordedUtterance {
      text: string;
      lang = '';
      rate = 1;
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: RecordedUtterance, configurable: true, writable: true });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        speak(utterance: RecordedUtterance) {
          window.spoken.push({ text: utterance.text, lang: utterance.lang, rate: utterance.rate });
          setTimeout(() => utterance.onend?.(), 20);
        },
        cancel() {},
        getVoices: () => [],
      },
    });
  });
}

const sent = new Map<string, number>();
type Ball = Record<string, unknown>;

/** Scores a ball through the ingest API, as another scoring app would; its ball key. */
async function bowl(request: APIRequestContext, ball: Ball, matchKey = seed().matchKey): Promise<string> {
  const sequence = (sent.get(matchKey) ?? 0) + 1;
  sent.set(matchKey, sequence);
  const response = await request.post(`/user/v1/live/${matchKey}/balls`, {
    headers: { authorization: `Bearer ${seed().token}` },
    data: { sequence, innings: 1, ball },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { ball_key: string } }).data.ball_key;
}

/**
 * A call of the scorer console's API with the scorer's session as a bearer token (what an app
 * sends; no cookie jar, so no csrf either).
 */
async function scorer(path: string, body: unknown): Promise<void> {
  await scorerApi(`matches/${path}`, body);
}

/** A POST to the scorer console's API (`/user/v1/scorer/{path}`) as the seeded scorer; the answer's data. */
async function scorerApi(path: string, body: unknown): Promise<unknown> {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/user/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: seed().phone, password: seed().password }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${base}/user/v1/scorer/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data?: unknown }).data;
}

function delivery(batter: string, nonStriker: string, runs: number, more: Ball = {}): Ball {
  const { bowler } = seed();
  return { batter, non_striker: nonStriker, bowler, runs: { batter: runs, extras: 0, total: runs }, ...more };
}

async function shot(page: Page, name: string, mask: Locator[] = []) {
  await expectScreen(page, name, { mask });
}

/** A screenshot attached to the report (test-results), to be read, not compared. */
async function look(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

/** Nothing wider than the window: a phone never scrolls sideways. */
async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const balls = (page: Page) => page.locator('[data-testid="commentary"] [data-ball-key]');

async function ballKeys(page: Page): Promise<string[]> {
  return balls(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-ball-key') ?? ''));
}

async function opened(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Hydrated and subscribed: the island marks itself connected.
  await expect(page.locator('.live-match[data-connected="true"]')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a fan at 375 px sees each ball within a second, through a network drop and an undo, and hears each once', async ({ browser, request }) => {
  const { matchKey, striker, nonStriker, next } = seed();
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await recordSpeech(context);
  const page = await context.newPage();
  let reloads = 0;
  page.on('load', () => (reloads += 1));
  await opened(page, `/getMatchList/${matchKey}?tab=commentary`);
  await expect(page.getByRole('heading', { name: 'Live', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByRole('button', { name: 'Stop reading aloud' })).toHaveAttribute('aria-pressed', 'true');

  const within = { timeout: 1000 };
  // A single: the batters cross.
  await bowl(request, delivery(striker, nonStriker, 1));
  await expect(balls(page)).toHaveCount(1, within);
  await expect(page.getByTestId('live-score')).toContainText('1/0', within);
  await bowl(request, delivery(nonStriker, striker, 0, { runs: { batter: 0, extras: 1, total: 1 }, extras: { wides: 1 } }));
  await expect(balls(page)).toHaveCount(2, within);
  await bowl(request, delivery(nonStriker, striker, 0, { runs: { batter: 0, extras: 1, total: 1 }, extras: { noballs: 1 } }));
  await expect(balls(page)).toHaveCount(3, within);
  await bowl(request, delivery(nonStriker, striker, 4));
  await expect(balls(page)).toHaveCount(4, within);
  await expect(page.getByTestId('live-score')).toContainText('7/0', within);
  await expect(balls(page).first().locator('.ball-dot--boundary')).toHaveText('4');

  // The network drops mid-over (the page sees its socket close); two balls are bowled meanwhile.
  await context.setOffline(true);
  await expect(page.locator('.live-match')).toHaveAttribute('data-connected', 'false');
  // The page says the score may be stale, and since when, instead of "Live" (issue 26).
  await expect(page.getByTestId('live-status')).toHaveText(/^Reconnecting… score as of \d\d:\d\d$/);
  await bowl(request, delivery(nonStriker, striker, 0));
  await bowl(request, delivery(nonStriker, striker, 2));
  await context.setOffline(false);
  // Socket.IO reconnects (its back-off starts at 1 s), then catches up from its last sequence.
  await expect(balls(page)).toHaveCount(6, { timeout: 15_000 });
  await expect(page.locator('.live-match')).toHaveAttribute('data-connected', 'true');
  await expect(page.getByTestId('live-score')).toContainText('9/0');
  await expect(page.getByTestId('live-status')).toHaveText('Live');

  await bowl(request, delivery(nonStriker, striker, 0, { wickets: [{ player_out: nonStriker, kind: 'bowled' }] }));
  await expect(balls(page)).toHaveCount(7, within);
  await expect(page.getByTestId('live-score')).toContainText('9/1', within);
  await expect(balls(page).first().locator('.cm-out')).toBeVisible();
  // A single the scorer takes back: it goes from the page, and the score with it.
  const mistake = await bowl(request, delivery(next, striker, 1));
  await expect(balls(page)).toHaveCount(8, within);
  await scorer(`${matchKey}/undo`, { ball_key: mistake });
  await expect(balls(page)).toHaveCount(7, within);
  await expect(page.locator(`[data-ball-key="${mistake}"]`)).toHaveCount(0);
  await expect(page.getByTestId('live-score')).toContainText('9/1', within);
  // The new batter's single ends the over: its summary box heads the list.
  await bowl(request, delivery(next, striker, 1));
  await expect(balls(page)).toHaveCount(8, within);
  await expect(page.locator('.over-summary').first()).toContainText('End of over 1');

  // Nothing missed, nothing doubled: the page holds exactly the stored commentary, newest first.
  const stored = await request.get(`/user/v1/get/commentory/?match_key=${matchKey}`);
  const related = ((await stored.json()) as { data: { related_balls: { key: string; entry_time: number }[] } }).data.related_balls;
  const storedKeys = [...related].sort((x, y) => y.entry_time - x.entry_time).map((ball) => ball.key);
  expect(await ballKeys(page)).toEqual(storedKeys);
  expect(reloads).toBe(1);

  // Read aloud: every ball once, in the order bowled (the one taken back too: it was read
  // before the undo), in US English at the default rate.
  await expect.poll(() => page.evaluate(() => window.spoken.length)).toBe(9);
  const spoken = await page.evaluate(() => window.spoken);
  const comments = (await balls(page).locator('.cm-title').allTextContents()).reverse();
  const heard = spoken.filter((_, i) => i !== 7);
  for (const [i, title] of comments.entries()) expect(heard[i]!.text.startsWith(title)).toBe(true);
  expect(spoken.every((s) => s.lang === 'en-US' && s.rate === 1)).toBe(true);

  await shot(page, 'live-commentary-375');
  await page.getByRole('navigation', { name: 'Match sections' }).getByRole('link', { name: 'Live' }).click();
  await expect(page.getByTestId('batters')).toContainText(await page.getByTestId('batters').locator('a').first().innerText());
  await expect(page.getByTestId('bowlers')).toBeVisible();
  await expect(page.getByTestId('recent-overs').locator('.ball-dot')).not.toHaveCount(0);

  // The Live tab's centre (issue 26): batters R B 4s 6s SR, bowlers O M R W Econ; the stand, the
  // last wicket, the total projected at the current rate and at 6, 8, 10 and 12, the win probability.
  await expect(page.locator('.live-match[data-connected="true"]')).toBeVisible();
  await expect(page.getByTestId('batters').locator('thead th')).toHaveText(['Batter', 'R', 'B', '4s', '6s', 'SR']);
  await expect(page.getByTestId('bowlers').locator('thead th')).toHaveText(['Bowler', 'O', 'M', 'R', 'W', 'Econ']);
  const bowling = page.getByTestId('bowlers').locator('tbody tr').first().locator('td');
  // The over: 1 wd nb 4 . 2 W 1, ten runs charged to the bowler (the single taken back is not).
  await expect(bowling).toHaveText(['1', '0', '10', '1', '10.00']);
  const centre = page.getByTestId('live-centre');
  await expect(centre.getByTestId('partnership')).toHaveText('Partnership1 (1)');
  // The non-striker, bowled: 6 off 5 (the no-ball faced, the wide not), at 9/1 after 0.5 overs.
  await expect(centre.getByTestId('last-wicket')).toHaveText(/^Last wicket.+ 6 \(5\) b .+ · 9\/1 in 0\.5 ov$/);
  // 10 off the first over: 200 at 10 an over, 124 at 6 ... 238 at 12.
  const projected = centre.getByTestId('projected-score').locator('td');
  await expect(projected).toHaveText(['10.00*', '6', '8', '10', '12', '200', '124', '162', '200', '238']);
  await expect(centre.getByTestId('win-probability')).toHaveText(/^Win probability.+ \d+%.+ \d+%$/);
  await expect(centre.getByTestId('projected-score').getByRole('table')).toBeVisible();
  await noSideways(page);
  // Each ball moves the figures without a reload; a ball taken back moves them back.
  const four = await bowl(request, delivery(next, striker, 4));
  await expect(centre.getByTestId('partnership')).toHaveText('Partnership5 (2)', within);
  await expect(bowling).toHaveText(['1.1', '0', '14', '1', '12.00'], within);
  // 14 off 7 balls is 12 an over: 240 at the end.
  await expect(projected.nth(0)).toHaveText('12.00*', within);
  await expect(projected.nth(5)).toHaveText('240', within);
  await scorer(`${matchKey}/undo`, { ball_key: four });
  await expect(centre.getByTestId('partnership')).toHaveText('Partnership1 (1)', within);
  await expect(projected.nth(5)).toHaveText('200', within);
  await expect(bowling).toHaveText(['1', '0', '10', '1', '10.00'], within);
  await look(page, 'live-centre-375');
  await shot(page, 'live-tab-375');
  await context.close();
});

test('wide screen, Hindi: the live tab at 1280 px; read-aloud asks for hi-IN at the saved speed and says when no Hindi voice exists', async ({ browser, request }) => {
  const { matchKey, striker } = seed();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await recordSpeech(context);
  const page = await context.newPage();
  await opened(page, `/getMatchList/${matchKey}`);
  await expect(page.getByTestId('batters')).toBeVisible();
  const centre = page.getByTestId('live-centre');
  await expect(centre.getByTestId('partnership')).toHaveText('Partnership1 (1)');
  await expect(centre.getByTestId('projected-score').locator('td')).toHaveCount(10);
  await expect(centre.getByTestId('last-wicket')).toBeVisible();
  await look(page, 'live-centre-1280');
  await shot(page, 'live-tab-1280');

  // A signed-in fan's saved speed (Speech on) is used; the voice speaks the page's language.
  await page.evaluate(() => localStorage.setItem('speechSettings', JSON.stringify({ enabled: true, session: false, voice: 2, language: 'hi', rate: 1.5 })));
  await opened(page, `/hi/getMatchList/${matchKey}?tab=commentary`);
  const before = await balls(page).count();
  await page.locator('.read-aloud').click();
  // The latest ball is read at once; then the next one.
  await bowl(request, delivery(striker, seed().next, 0));
  await expect(balls(page)).toHaveCount(before + 1, { timeout: 1000 });
  // The ball's sentence arrives in English with the ball, then in Hindi ('wording').
  await expect(balls(page).first().locator('.cm-text > p').first()).toHaveText(/^[^A-Za-z]*[\u0900-\u097F][^A-Za-z]*$/, { timeout: 1000 });
  await expect.poll(() => page.evaluate(() => window.spoken.length)).toBe(2);
  expect((await page.evaluate(() => window.spoken)).every((s) => s.lang === 'hi-IN' && s.rate === 1.5)).toBe(true);
  await expect(page.locator('.read-aloud-note')).toBeVisible();
  await shot(page, 'live-commentary-hi-1280');

  // The Live tab in Hindi: the style guide's column heads and scorecard notation, following each ball.
  await opened(page, `/hi/getMatchList/${matchKey}?tab=live`);
  await expect(page.getByTestId('batters').locator('thead th')).toHaveText(['बल्लेबाज़', 'रन', 'गेंद', 'चौके', 'छक्के', 'स्ट्रा. रे.']);
  await expect(page.getByTestId('bowlers').locator('thead th')).toHaveText(['गेंदबाज़', 'ओवर', 'मेडन', 'रन', 'विकेट', 'इकॉनमी']);
  const hindi = page.getByTestId('live-centre');
  await expect(hindi.getByTestId('last-wicket')).toHaveText(/^पिछला विकेट.+ 6 \(5\) बो\. .+ · 0\.5 ओवर में 9\/1$/);
  await expect(hindi.getByTestId('projected-score').getByRole('table')).toContainText('अनुमानित स्कोर');
  await expect(hindi.getByTestId('win-probability')).toHaveText(/^जीत की संभावना.+ \d+%.+ \d+%$/);
  const stand = hindi.getByTestId('partnership');
  const [standRuns, standBalls] = (/(\d+) \((\d+)\)$/.exec((await stand.textContent()) ?? '') ?? []).slice(1).map(Number);
  expect(standBalls).toBeGreaterThan(0);
  await bowl(request, delivery(striker, seed().next, 4));
  await expect(stand).toHaveText(`साझेदारी${standRuns! + 4} (${standBalls! + 1})`, { timeout: 1000 });
  await look(page, 'live-centre-hi-1280');
  await context.close();
});

test('the home card of the live match follows each ball without a reload', async ({ page, request }) => {
  const { matchKey, striker, next } = seed();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const card = page.locator(`.card[data-match-key="${matchKey}"]`);
  await expect(card).toHaveAttribute('data-status', 'started');
  const score = card.locator('[data-side="a"] .score');
  const runs = Number((await score.innerText()).split('/')[0]);
  // Let the bundled script join the home room (the card has no 'connected' mark of its own).
  await page.waitForLoadState('networkidle');
  await bowl(request, delivery(striker, next, 6));
  await expect(score).toContainText(`${runs + 6}/`, { timeout: 2000 });
  // The live fixture's automated preview names the day it is played, which is the day the tests run.
  await shot(page, 'live-home-375', [page.locator('.news-card.lead .content')]);
});

test('the scoreboard of a live match and its Fixtures card follow each ball without a reload', async ({ browser, request }) => {
  const { matchKey, striker, next } = seed();
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  let loads = 0;
  page.on('load', () => (loads += 1));
  await opened(page, `/getMatchList/${matchKey}?tab=scoreboard`);
  // What the page fetches of the match to follow a ball: its tab body alone, at the version it heard.
  const fetched: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'fetch' && url.pathname.startsWith('/getMatchList/')) fetched.push(url.pathname + url.search);
  });
  const total = page.locator('.scorecard .head .score');
  const runs = Number((await total.innerText()).split('/')[0]);
  const fixtures = await context.newPage();
  await fixtures.goto('/fixtures');
  const card = fixtures.locator(`.card[data-match-key="${matchKey}"]`);
  await expect(card).toHaveAttribute('data-status', 'started');
  await fixtures.waitForLoadState('networkidle');

  const fourKey = await bowl(request, delivery(striker, next, 4));
  // The scorecard the server renders after the ball replaces the one on the page.
  await expect(total).toContainText(`${runs + 4}/`, { timeout: 2000 });
  await expect(page.locator('.scorecard .head .score')).toHaveCount(1);
  expect(fetched.length).toBeGreaterThan(0);
  for (const url of fetched) expect(url).toMatch(new RegExp(`^/getMatchList/${matchKey}/tab-body\\?tab=scoreboard&v=\\d+$`));
  await expect(card.locator('[data-side="a"] .score')).toContainText(`${runs + 4}/`, { timeout: 2000 });
  // Taken back: both follow again.
  await scorer(`${matchKey}/undo`, { ball_key: fourKey });
  await expect(total).toContainText(`${runs}/`, { timeout: 2000 });
  await expect(card.locator('[data-side="a"] .score')).toContainText(`${runs}/`, { timeout: 2000 });
  expect(loads).toBe(1);
  await shot(page, 'live-scoreboard-375');
  await shot(fixtures, 'live-fixtures-375');
  await context.close();
});

test("a live match's Summary tab, charts included, follows each ball without a reload, with no script of its own", async ({ browser, request }) => {
  const { matchKey, striker, next } = seed();
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  let loads = 0;
  page.on('load', () => (loads += 1));
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await opened(page, `/getMatchList/${matchKey}?tab=summary`);
  await expect(page.getByRole('navigation', { name: 'Match sections' }).getByRole('link')).toHaveText([
    'Live', 'Summary', 'Commentary', 'Scoreboard', 'Squads', 'Info', 'Fantasy', 'History',
  ]);
  const worm = page.locator('#chart-worm');
  await expect(worm.locator('svg.chart-svg')).toBeVisible();
  const caption = worm.locator('figcaption');
  const before = await caption.innerText();
  const runs = Number(/ (\d+)\/\d+ in /.exec(before)?.[1]);
  await bowl(request, delivery(striker, next, 6));
  // The summary the server renders after the ball, charts included, replaces the one on the page.
  await expect(page.locator('#chart-worm figcaption')).toContainText(` ${runs + 6}/`, { timeout: 2000 });
  await expect(page.locator('#chart-worm')).toHaveCount(1);
  expect(loads).toBe(1);
  await shot(page, 'live-summary-375');
  // The charts are SVG in the server's HTML: the page loads the live island's scripts and no others.
  const scoreboard = await context.newPage();
  const scoreboardScripts: string[] = [];
  scoreboard.on('request', (req) => {
    if (req.resourceType() === 'script') scoreboardScripts.push(new URL(req.url()).pathname);
  });
  await opened(scoreboard, `/getMatchList/${matchKey}?tab=scoreboard`);
  await scoreboard.waitForLoadState('networkidle');
  await page.waitForLoadState('networkidle');
  expect(new Set(scripts)).toEqual(new Set(scoreboardScripts));
  await context.close();
});

test("an upcoming match's page and home card turn live at its first ball; the page shows the result at the end", async ({ browser, request }) => {
  const { upcomingKey, striker, nonStriker } = seed();
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/getMatchList/${upcomingKey}`);
  await expect(page.locator('.panel.upcoming')).toBeVisible();
  const home = await context.newPage();
  await home.goto('/');
  const card = home.locator(`.card[data-match-key="${upcomingKey}"]`);
  await expect(card).toHaveAttribute('data-status', 'not_started');
  await Promise.all([page.waitForLoadState('networkidle'), home.waitForLoadState('networkidle')]);

  // The scorer opens the innings, then the first ball is bowled.
  await scorer(`${upcomingKey}/innings`, { batting_side: 'a' });
  await bowl(request, delivery(striker, nonStriker, 4), upcomingKey);
  await expect(page.locator('.live-match')).toBeVisible({ timeout: 5000 });
  await expect(page.getByTestId('live-score')).toContainText('4/0');
  await expect(home.locator(`.card[data-match-key="${upcomingKey}"]`)).toHaveAttribute('data-status', 'started', { timeout: 5000 });
  await expect(home.locator(`.card[data-match-key="${upcomingKey}"] [data-side="a"] .score`)).toContainText('4/0');

  // The scorer ends the match: the live page becomes the result page by itself.
  await scorer(`${upcomingKey}/complete`, { player_of_match: [striker] });
  await expect(page.locator('.panel.result')).toBeVisible({ timeout: 5000 });
  await expect(page.locator('.live-match')).toHaveCount(0);
  await context.close();
});

test('without JavaScript the live page shows the state at load', async ({ browser, request }) => {
  const { matchKey } = seed();
  const stored = await request.get(`/user/v1/get/commentory/?match_key=${matchKey}`);
  const count = ((await stored.json()) as { data: { related_balls: unknown[] } }).data.related_balls.length;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/getMatchList/${matchKey}?tab=commentary`);
  await expect(page.getByTestId('live-score')).toBeVisible();
  await expect(balls(page)).toHaveCount(count);
  await page.goto(`/getMatchList/${matchKey}`);
  await expect(page.getByTestId('batters')).toBeVisible();
  await context.close();
});

test('a fixture made after the home page loaded appears there when it goes live, and the matches count with it', async ({ page, request }) => {
  const { striker, nonStriker, next, bowler } = seed();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const count = page.locator('#matches-heading .count');
  const before = Number((await count.innerText()).replace(/\D/g, ''));
  await page.waitForLoadState('networkidle');
  // A scorer makes a fixture the page does not show, and its first ball is bowled.
  const made = (await scorerApi('fixtures', {
    tournament: { name: 'Crease Late Cup' },
    teams: [{ name: 'Late Starters' }, { name: 'Night Owls' }],
    start_at: new Date().toISOString(),
    format: 't20',
    overs_limit: 20,
    squads: { a: [striker, nonStriker, next].map((key) => ({ key })), b: [{ key: bowler }] },
  })) as { match_key: string };
  await scorer(`${made.match_key}/toss`, { winner: 'b', decision: 'field' });
  await scorer(`${made.match_key}/innings`, { batting_side: 'a' });
  await bowl(request, delivery(striker, nonStriker, 4), made.match_key);
  const card = page.locator(`.card[data-match-key="${made.match_key}"]`);
  await expect(card).toHaveAttribute('data-status', 'started', { timeout: 5000 });
  await expect(card.locator('[data-side="a"] .score')).toContainText('4/0');
  await expect(count).toHaveText(`(${before + 1})`);
});

// The replay left in play (tests/e2e/support/seed-replay.ts): IPL 2026's 1529312, Rajasthan Royals
// 205/8, Mumbai Indians 35/3 after 4 overs of the chase (its source's first 150 deliveries):
// Rickelton c Suryavanshi b Burger 12 (7) at 24/3 in 3.2 overs, 11 added since off 4 balls.
for (const [lang, width] of [['en', 375], ['en', 1280], ['hi', 375], ['hi', 1280]] as const) {
  test(`a chase's Live tab at ${width} px in ${lang === 'en' ? 'English' : 'Hindi'}: the first innings kept in the panel, the required rate against the current, the last wicket`, async ({ browser }) => {
    const { replayKey } = JSON.parse(readFileSync(REPLAY_SEED_FILE, 'utf8')) as { replayKey: string };
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await opened(page, `${lang === 'hi' ? '/hi' : ''}/getMatchList/${replayKey}?tab=live`);
    const en = lang === 'en';
    await expect(page.getByTestId('live-score')).toContainText('35/3');
    await expect(page.getByTestId('other-innings')).toHaveText('RR205/8 (20)');
    // The need in the page's language (worded from the live state's figures, as after each ball).
    await expect(page.locator('.lp-need')).toHaveText(en ? 'Mumbai Indians need 171 runs in 96 balls' : 'मुंबई इंडियंस को 96 गेंदों में 171 रन चाहिए');
    const centre = page.getByTestId('live-centre');
    // 171 needed off 96 balls: 10.69 an over against 8.75 so far; 175 at this rate, short of 206.
    await expect(centre.getByTestId('chase-rates')).toHaveText(
      en
        ? 'The chaseRequired rate10.69Current rate8.75Needs 1.94 an over more than the current rateAt this rate: 175 (target 206)'
        : 'लक्ष्य का पीछाआवश्यक रन रेट10.69मौजूदा रन रेट8.75मौजूदा रन रेट से 1.94 प्रति ओवर अधिक चाहिएइसी रन रेट से: 175 (लक्ष्य 206)',
    );
    await expect(centre.getByTestId('partnership')).toHaveText(en ? 'Partnership11 (4)' : 'साझेदारी11 (4)');
    await expect(centre.getByTestId('last-wicket')).toHaveText(
      en ? /^Last wicket.*Rickelton 12 \(7\) c .*Suryavanshi b .*Burger · 24\/3 in 3\.2 ov$/ : /^पिछला विकेटरयान रिकेल्टन 12 \(7\) का\. सूर्यवंशी बो\. बर्गर · 3\.2 ओवर में 24\/3$/,
    );
    await expect(centre.getByTestId('win-probability')).toHaveText(en ? /^Win probabilityRR \d+%MI \d+%$/ : /^जीत की संभावनाRR \d+%MI \d+%$/);
    // A chase shows its rates, not a projection.
    await expect(centre.getByTestId('projected-score')).toHaveCount(0);
    await noSideways(page);
    await look(page, `live-chase-${lang}-${width}`);
    await context.close();
  });
}
