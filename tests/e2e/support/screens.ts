// Visual regression: a page (or one part of it) compared with its reviewed baseline in
// tests/e2e/screens/ (Playwright's screenshot comparison, a small tolerance for anti-aliasing).
// What depends on the clock (dates, countdowns) is masked, so a baseline holds from one day to the
// next; a caller masks what else moves between runs (a video's frame, a replay's running score).
// An intended change updates the baseline in the same commit: `npx playwright test
// --update-snapshots`, then read the new images before committing them.
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** Hides the fixed bottom bar (see the file). */
const SCREEN_STYLE = path.join(import.meta.dirname, 'screens.css');

interface ScreenOptions {
  /** Locators painted over in the comparison, besides the clock's. */
  mask?: Locator[];
  /** The whole page (default) or only what the window shows, for a state read where it is scrolled to. */
  fullPage?: boolean;
}

/** The page (whole, or its window) or one element of it, compared with the baseline `name`.png. */
export async function expectScreen(target: Page | Locator, name: string, { mask = [], fullPage = true }: ScreenOptions = {}): Promise<void> {
  const page = 'page' in target ? target.page() : target;
  const options = {
    animations: 'disabled' as const,
    caret: 'hide' as const,
    // A Test's whole commentary is a tall page: two stable captures of it take more than 5 s.
    timeout: 30_000,
    // The footer's copyright line carries this year.
    mask: [page.locator('time, .countdown, .upcoming .start, footer .copyright'), ...mask],
    stylePath: SCREEN_STYLE,
  };
  if ('page' in target) await expect(target).toHaveScreenshot(`${name}.png`, options);
  else await expect(target).toHaveScreenshot(`${name}.png`, { ...options, fullPage });
}
