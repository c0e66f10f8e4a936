// axe-core on a page of ours, as every e2e check of accessibility runs it: the WCAG 2.1 A and AA
// rules and axe's best practices, and of what they find, the serious and critical violations.
// - Legacy mode (axe.run in the page itself): the site has no frames (no <iframe> in src/), and
//   axe's frame-by-frame mode opens and injects a second, blank page to finish every run.
// - Only violations are gathered (axe's resultTypes): the passes, incompletes and inapplicable
//   rules, which nothing here reads, were a third of a run's time (1.2 against 0.8 s a page).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Each serious or critical violation on the page (or within `selector`): the rule, its help and its first three elements. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode().withTags(TAGS).options({ resultTypes: ['violations'] });
  if (selector !== undefined) builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}
