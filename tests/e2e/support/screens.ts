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
  if ('page' in target) await expect(page).toHaveScreenshot(`${name}.png`, { ...options, ...(await wholePixels(target)) });
  else await expect(target).toHaveScreenshot(`${name}.png`, { ...options, fullPage });
}

/**
 * The element's box in whole pixels, always as many rows however its top falls. An element
 * screenshot captures the rows its box touches: one more when the fraction of a pixel the content
 * above leaves at its top (a home page holding what other specs published) pushes its bottom edge
 * into the next row. Here it is every row the box could touch: from the row its top is in, its
 * height rounded up, plus one. In the window when those rows are in it (a whole-page capture resizes
 * the window, and a scrolled strip could snap elsewhere), else on the whole page.
 */
async function wholePixels(element: Locator): Promise<{ fullPage: boolean; clip: { x: number; y: number; width: number; height: number } }> {
  await element.scrollIntoViewIfNeeded();
  await element.evaluate(() => document.fonts.ready);
  const box = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return { x: rect.left, y: rect.top, width: rect.width, height: rect.height, scrollY: window.scrollY, windowHeight: window.innerHeight };
  });
  const x = Math.floor(box.x);
  const width = Math.ceil(box.x + box.width) - x;
  const height = Math.ceil(box.height) + 1;
  const top = Math.floor(box.y);
  if (top >= 0 && top + height <= box.windowHeight) return { fullPage: false, clip: { x, y: top, width, height } };
  return { fullPage: true, clip: { x, y: Math.floor(box.y + box.scrollY), width, height } };
}
