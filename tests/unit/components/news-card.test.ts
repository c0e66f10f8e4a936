// A news card, rendered with Astro's container API (issue 29 §1 and §8): the heading whole, in
// both languages, and the automated label readable on every theme (it used the team badge's
// global class, whose white text vanished on the Dawn theme's near-white card).
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import NewsCard from '../../../src/components/news/NewsCard.astro';
import type { NewsArticle } from '../../../src/server/services/news.ts';

const heading = 'Royal Challengers Bengaluru beat Punjab Kings by 6 runs to win their first IPL title';
const article = (lang: 'en' | 'hi', words: string): NewsArticle => ({
  id: '1',
  slug: 'rcb-beat-pbks-abc123',
  kind: 'automated',
  status: 'published',
  lang,
  text: { heading: words, sub_heading: '', content: `${words}. `.repeat(10), paragraphs: [] },
  cover_image: null,
  views: 0,
  created_at: new Date('2025-06-03T18:00:00Z'),
  updated_at: new Date('2025-06-03T18:00:00Z'),
  published_at: new Date('2025-06-03T18:00:00Z'),
  report_match_key: '1473511',
  preview_match_key: null,
  edited: false,
  tags: [],
});

async function render(lang: 'en' | 'hi', words: string, variant: 'card' | 'lead' | 'side', extra: Partial<NewsArticle> = {}) {
  const container = await AstroContainer.create();
  const html = await container.renderToString(NewsCard, { props: { article: { ...article(lang, words), ...extra }, variant }, locals: { lang } });
  return html.replace(/ data-astro-cid-\w+/g, '');
}

describe('news card', () => {
  it('shows the heading whole on every kind of card, in both languages', async () => {
    const hindi = 'रॉयल चैलेंजर्स बेंगलुरु ने पंजाब किंग्स को 6 रन से हराकर पहला आईपीएल ख़िताब जीता';
    for (const variant of ['card', 'lead', 'side'] as const) {
      expect(await render('en', heading, variant)).toContain(`>${heading}</a></h3>`);
      expect(await render('hi', hindi, variant)).toContain(`>${hindi}</a></h3>`);
    }
  });

  it('labels an automated report with its own class, not the team badge’s white-on-colour one', async () => {
    const html = await render('en', heading, 'card');
    expect(html).toContain('<p class="automated-label" lang="en">Automated report</p>');
    expect(html).not.toMatch(/class="badge"/);
  });

  it('labels a fixture’s automated preview as a preview, in both languages (decision 071)', async () => {
    const preview = { preview_match_key: '900001', report_match_key: null };
    expect(await render('en', 'Preview: India v England, Test', 'card', preview)).toContain('<p class="automated-label" lang="en">Automated preview</p>');
    expect(await render('hi', 'मैच से पहले: भारत बनाम इंग्लैंड, टेस्ट', 'card', preview)).toContain('<p class="automated-label" lang="hi">स्वचालित प्रीव्यू</p>');
  });
});
