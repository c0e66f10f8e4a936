// Visual regression: a page compared with its reviewed baseline in tests/e2e/screens/ (Playwright's
// screenshot comparison, a small tolerance for anti-aliasing). What depends on the clock (dates,
// countdowns) is masked, so a baseline holds from one day to the next. An intended change
// updates the baseline in the same commit: `npx playwright test --update-snapshots`, then read
// the new images before committing them.
import { expect, type Locator, type Page } from '@playwright/test';

export async function expectScreen(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    // A Test's whole commentary is a tall page: two stable captures of it take more than 5 s.
    timeout: 30_000,
    mask: [page.locator('time, .countdown, .upcoming .start'), ...mask],
  });
}
