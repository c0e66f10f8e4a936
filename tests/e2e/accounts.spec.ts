// Accounts in Chromium, against the built server whose SMS goes to a local webhook receiver:
// register with the code from the SMS, log in, edit name and photo, change theme and speech
// settings, find them in a second browser, log out; guards; the contact forms; screenshots of
// every account page at 375 and 1280 px compared with reviewed baselines.
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { smsInbox } from './support/sms-receiver.ts';

const PHONE = '9876501234';
const PASSWORD = 'kx7q2z';
const AVATAR = fileURLToPath(new URL('../fixtures/avatar-48.png', import.meta.url));
const WIDTHS = [375, 1280] as const;

const sms = smsInbox();

/** Islands hydrated: typing into the server-rendered HTML before that would be lost. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectScreen(page, `account-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function logIn(page: Page, next = ''): Promise<void> {
  await openPage(page, `/login${next}`);
  await page.getByLabel('Mobile Number').fill(PHONE);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('a visitor opening a guarded page lands on the login page, and comes back after logging in', async ({ page }) => {
  for (const path of ['/editProfile', '/themeProfile', '/speechSetting', '/mail', '/profile', '/admin/queries']) {
    const response = await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next'), path).toBe(path);
    expect(response?.status()).toBe(200);
  }
  await page.goto('/hi/speechSetting');
  expect(new URL(page.url()).pathname).toBe('/hi/login');
  await expect(page.getByRole('heading', { name: 'यहाँ लॉग इन करें' })).toBeVisible();
  // An outside address in next is not followed.
  await page.goto('/login?next=//evil.example/x');
  await expect(page.getByRole('heading', { name: 'Login Here' })).toBeVisible();
});

test('the login form checks its fields in the spec’s words and blocks e, E, + and - and spaces', async ({ page }) => {
  await openPage(page, '/login');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Mobile Number is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  const phone = page.getByLabel('Mobile Number');
  await phone.pressSequentially('98e7+6-5 43');
  await expect(phone).toHaveValue('9876543');
  await expect(page.getByText('Phone number is not valid')).toBeVisible();
  await page.getByLabel('Password').pressSequentially('ab c');
  await expect(page.getByText('Password must be 6 to 128 characters')).toBeVisible();
  // A wrong password: the server's message in the alert region.
  await phone.fill('9000000001');
  await page.getByLabel('Password').fill('wrong1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Mobile number or password is incorrect.');
  await screenshots(page, 'login');
});

test('register with the SMS code, log in, edit the profile, theme and speech, find them in a second browser, log out', async ({ browser }) => {
  // Two dozen full-page comparisons besides the sign-up, on a machine that may be busy.
  test.setTimeout(180_000);
  const page = await newPage(browser);

  await test.step('sign up: Get OTP at 10 digits, the countdown, Verify OTP, Register', async () => {
    await openPage(page, '/register');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    const getOtp = page.getByRole('button', { name: 'Get OTP' });
    await page.getByLabel('Mobile Number').fill(PHONE.slice(0, 9));
    await expect(getOtp).toBeDisabled();
    await page.getByLabel('Mobile Number').fill(PHONE);
    await expect(getOtp).toBeEnabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    const sent = Date.now();
    await getOtp.click();
    await expect(page.getByRole('status')).toHaveText('OTP sent successfully!');
    await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await expect(page.getByText(/Resend OTP in (59|58) s/)).toBeVisible({ timeout: 3000 });
    const code = await sms.codeFor(PHONE, sent);
    await screenshots(page, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('OTP', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('OTP verification failed. Please try again.');
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('status')).toHaveText('OTP verification successful!');
    await expect(page.getByLabel('Password')).toBeEnabled();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('status')).toContainText('Registration Successful');
    // Registered is signed in: on to the home page, where the account is open.
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBe(PHONE);
    await openPage(page, '/login');
    expect(new URL(page.url()).pathname).toBe('/editProfile');
    // The same fan on a device that has never signed in.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  });

  await test.step('as a visitor the device has a theme and a favourite team; logging in merges them into the account', async () => {
    await page.evaluate(() => {
      localStorage.setItem('theme', '4');
      localStorage.setItem('favouriteTeams', JSON.stringify(['mumbai-indians']));
    });
    await logIn(page, '?next=%2FeditProfile');
    await page.waitForURL((url) => url.pathname === '/editProfile');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBe(PHONE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', '4');
    // The session token is in an httpOnly cookie, never in storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toMatch(/token/i);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'crease_session')?.httpOnly).toBe(true);
    // A signed-in visitor to /login goes to /editProfile.
    await openPage(page, '/login');
    expect(new URL(page.url()).pathname).toBe('/editProfile');
  });

  await test.step('My Matches keeps a signed-in fan\'s teams with the account, and says so', async () => {
    await openPage(page, '/fixtures?tab=mymatches');
    await expect(page.getByText('Kept with your account, on every device you sign in on.')).toBeVisible();
    await expect(page.getByText(/log in to keep them/)).toHaveCount(0);
    const accountTeams = async () => ((await (await page.request.get('/user/v1/user/settings')).json()) as { data: { favourite_teams: string[] } }).data.favourite_teams;
    expect(await accountTeams()).toEqual(['mumbai-indians']);
    // Each change is written to the account: a team added, then taken away again.
    const saved = () => page.waitForResponse((response) => response.url().endsWith('/user/v1/user/settings') && response.request().method() === 'PUT');
    await page.getByRole('button', { name: '+ Add Teams' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Teams' });
    await picker.getByLabel('Search teams').fill('kolkata');
    const added = saved();
    await picker.getByRole('button', { name: 'Add Kolkata Knight Riders' }).click();
    expect((await added).status()).toBe(200);
    expect(await accountTeams()).toEqual(['mumbai-indians', 'kolkata-knight-riders']);
    const removed = saved();
    await picker.getByRole('button', { name: 'Remove Kolkata Knight Riders' }).click();
    expect((await removed).status()).toBe(200);
    await picker.getByRole('button', { name: 'Done' }).click();
    expect(await accountTeams()).toEqual(['mumbai-indians']);
    await openPage(page, '/editProfile');
  });

  await test.step('edit profile: name and photo', async () => {
    await expect(page.getByLabel('Mobile')).toHaveValue(PHONE);
    await expect(page.getByLabel('Mobile')).toHaveAttribute('readonly', '');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Change Photo' }).click()]);
    await chooser.setFiles(AVATAR);
    // The profile form's notice comes first; the "Your data" section below has one of its own.
    const profileNotice = page.getByRole('status').first();
    await expect(profileNotice).toHaveText('User Profile Updated');
    const avatar = page.getByRole('img', { name: 'Your profile photo' });
    await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/.+\.webp$/);
    // The server's WebP decodes in the browser.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByLabel('Full Name').fill('Asha <b>Fan</b>');
    await page.getByLabel('Email').fill('asha@example.org');
    // A successful Save reopens /editProfile.
    const reopened = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(profileNotice).toHaveText('Profile updated');
    await reopened;
    await hydrated(page);
    await expect(page.getByLabel('Full Name')).toHaveValue('Asha <b>Fan</b>');
    // The header shows the user's avatar, the name as text (never as markup).
    await expect(page.locator('header .avatar img')).toHaveAttribute('alt', 'Asha <b>Fan</b>');
    await expect(page.locator('header b')).toHaveCount(0);
    const response = await page.request.get('/editProfile', { headers: { accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('private, no-store');
    await screenshots(page, 'editProfile');
  });

  await test.step('theme: choosing one applies it at once and saves it', async () => {
    await openPage(page, '/themeProfile');
    await expect(page.getByRole('radio')).toHaveCount(10);
    await page.getByRole('radio', { name: 'Ocean' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', '2');
    await expect(page.getByRole('status')).toHaveText('Theme saved to your account.');
    await screenshots(page, 'themeProfile');
  });

  await test.step('match settings and speech settings', async () => {
    await openPage(page, '/profileMatchSetting');
    await expect(page.getByText('Win Probability View')).toBeVisible();
    await screenshots(page, 'profileMatchSetting');
    await page.getByRole('link', { name: /Speech Settings \(Accessibility\)/ }).click();
    await page.waitForURL('**/speechSetting');
    const speech = page.getByRole('switch', { name: /^Speech/ });
    await expect(speech).not.toBeChecked();
    await speech.check();
    await expect(page.locator('.form-notice')).toHaveText('Saved.');
    await page.getByRole('radio', { name: 'Hindi' }).check();
    await page.getByRole('radio', { name: /^Voice 03/ }).check();
    await page.getByLabel('Speech speed').fill('1.5');
    await expect(page.locator('output')).toHaveText('1.5x');
    await expect(page.locator('.form-notice')).toHaveText('Saved.');
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('switch', { name: /^Speech/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Hindi' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Voice 03/ })).toBeChecked();
    await expect(page.getByLabel('Speech speed')).toHaveValue('1.5');
    await screenshots(page, 'speechSetting');
  });

  // Subscribing needs the browser's push service, which this closed network cannot reach: the
  // sending is tested in tests/integration/web-push.test.ts, the worker's side in push.spec.ts.
  await test.step('notifications: the page offers alerts on this device, off until the fan turns them on', async () => {
    await openPage(page, '/notification');
    await expect(page.getByText('Alerts on this device for your favourite teams')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Alerts are off for this device.');
    await expect(page.getByRole('button', { name: 'Turn on alerts on this device' })).toBeVisible();
    await expect(page.getByText('We do not send notifications yet')).toHaveCount(0);
    await screenshots(page, 'notification');
  });

  await test.step('Get In Touch sends a contact query', async () => {
    await openPage(page, '/mail');
    await expect(page.getByLabel(/^Name/)).toHaveValue('Asha <b>Fan</b>');
    await page.getByLabel(/^Message/).fill('Please add scores of the women’s league.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you. We will get back to you soon.');
    await screenshots(page, 'mail');
    await openPage(page, '/profile');
    await screenshots(page, 'profile');
    // Not an admin: the contact queries page says so.
    const response = await openPage(page, '/admin/queries');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('You do not have permission to do this.');
  });

  await test.step('choosing Hindi while signed in saves it to the account', async () => {
    await openPage(page, '/editProfile');
    await page.locator('#lang-select').selectOption('hi');
    await page.waitForURL('**/hi/editProfile');
  });

  await test.step('a second browser logging in gets the theme, speech settings, language and favourites', async () => {
    const second = await newPage(browser);
    await logIn(second);
    await second.waitForURL((url) => url.pathname === '/hi');
    await expect(second.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(second.locator('html')).toHaveAttribute('data-theme', '2');
    const stored = await second.evaluate(() => ({
      speech: JSON.parse(localStorage.getItem('speechSettings') ?? 'null') as unknown,
      favourites: JSON.parse(localStorage.getItem('favouriteTeams') ?? '[]') as unknown,
      userName: localStorage.getItem('userName'),
    }));
    expect(stored).toEqual({
      speech: { enabled: true, session: false, voice: 3, language: 'hi', rate: 1.5 },
      favourites: ['mumbai-indians'],
      userName: 'Asha <b>Fan</b>',
    });
    // The bottom bar shows the user's name.
    await second.setViewportSize({ width: 375, height: 800 });
    await expect(second.locator('.bottom-bar')).toContainText('Asha <b>Fan</b>');
    await second.context().close();
  });

  await test.step('log out: the question, then / with the device cleared', async () => {
    await openPage(page, '/editProfile');
    await page.waitForURL('**/hi/editProfile');
    await page.locator('.menu-logout').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('क्या आप वाकई लॉग आउट करना चाहते हैं?');
    await screenshots(page, 'logout-dialog');
    await dialog.getByRole('button', { name: 'हाँ, लॉग आउट करें' }).click();
    await page.waitForURL((url) => url.pathname === '/hi');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expect(page.locator('.header-logout')).toHaveCount(0);
    await page.goto('/hi/editProfile');
    expect(new URL(page.url()).pathname).toBe('/hi/login');
  });
  await page.context().close();
});

test('a visitor sends the About page’s Contact Us form', async ({ page }) => {
  await openPage(page, '/about');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Name must be 2 to 50 characters')).toBeVisible();
  await page.getByLabel(/^Name/).fill('Ravi');
  await page.getByLabel(/^Email/).fill('ravi@example.org');
  await page.getByLabel(/^Mobile/).fill('9123456780');
  await page.getByLabel(/^Message/).fill('Great site.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you. We will get back to you soon.');
});

test('the password reset screen and the visitor pages at both widths', async ({ page }) => {
  await openPage(page, '/forget_password');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await screenshots(page, 'forget_password');
  await openPage(page, '/about');
  await screenshots(page, 'about');
});

