// The inline scripts pages may carry besides Astro's own. The Content-Security-Policy allows an
// inline script only by the hash of its text (src/server/http/security-headers.ts hashes these),
// so a script injected into a page never runs. The texts are constants: anything that varies by
// page or language is read from the script element's data-* attributes (document.currentScript),
// never spliced into the text. Render one with <script is:inline set:html={inlineScripts.x} />.
export const inlineScripts = {
  // Applies the stored theme before the first paint (data-storage-key), and gives the browser's
  // theme-color meta (placed before this script) that theme's colour (data-colours: one per theme,
  // in order, comma-separated), so the address bar and an installed app's title bar match the page.
  themeBootstrap: `(() => {
  const { storageKey, colours } = document.currentScript.dataset;
  const list = colours.split(',');
  let theme = 0;
  try {
    const stored = Number(localStorage.getItem(storageKey));
    if (Number.isInteger(stored) && stored >= 0 && stored < list.length) theme = stored;
  } catch {
    // Storage may be blocked: keep the default theme.
  }
  document.documentElement.dataset.theme = String(theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.content = list[theme];
})();`,

  // The installable app (docs/decisions/068-installable-app.md): registers the service worker
  // (public/sw.js) once the page has loaded, and keeps the browser's install prompt for the
  // header's "Install the app" link ([data-install-app]): a click shows the prompt when the
  // browser offered one; otherwise the link opens the page that says how to install.
  appShell: `(() => {
  const worker = navigator.serviceWorker;
  if (worker) addEventListener('load', () => worker.register('/sw.js').catch(() => {}));
  let offer = null;
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event;
  });
  addEventListener('appinstalled', () => {
    offer = null;
  });
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('[data-install-app]') : null;
    if (!link || !offer) return;
    event.preventDefault();
    offer.prompt();
    offer = null;
  });
})();`,

  // Brings the current tab into view in a strip that scrolls sideways (at 375 px the later
  // match tabs start off-screen). Runs right after the strip is parsed.
  currentTabIntoView: `for (const list of document.querySelectorAll('nav.tabs > ul')) {
  const current = list.querySelector('[aria-current="page"]');
  if (current && list.scrollWidth > list.clientWidth) {
    const item = current.parentElement;
    // The list is position: relative, so it is the item's offsetParent.
    list.scrollLeft = item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
  }
}`,

  // /news/description as the spec's client opens it: the article comes in the history entry's
  // navigation state (newsDesc; React Router keeps it under usr), which a server never sees.
  // When the entry carries an article of ours (its slug), go to its page (data-article-prefix:
  // '/news/' or '/hi/news/'); otherwise the page's own "not found" stands.
  articleFromNavigationState: `(() => {
  const { articlePrefix } = document.currentScript.dataset;
  const state = history.state && typeof history.state === 'object' ? history.state : {};
  const item = (state.usr && typeof state.usr === 'object' ? state.usr.newsDesc : undefined) ?? state.newsDesc;
  const slug = item && typeof item === 'object' && typeof item.slug === 'string' ? item.slug : '';
  if (/^[a-z0-9-]{1,100}$/.test(slug)) location.replace(articlePrefix + slug);
})();`,

  // A scroll-snap strip's previous and next buttons (the match news carousel): shown only when
  // the strip overflows, each moves by one card, and each says when it has nowhere to go
  // (aria-disabled, so a focused button keeps its focus). Placed inside the strip's frame.
  carouselControls: `(() => {
  const frame = document.currentScript.parentElement;
  const strip = frame.querySelector('[data-strip]');
  const controls = frame.querySelector('[data-controls]');
  const prev = frame.querySelector('[data-prev]');
  const next = frame.querySelector('[data-next]');
  const still = matchMedia('(prefers-reduced-motion: reduce)');
  const update = () => {
    const max = strip.scrollWidth - strip.clientWidth;
    controls.hidden = max <= 1;
    prev.setAttribute('aria-disabled', String(strip.scrollLeft <= 1));
    next.setAttribute('aria-disabled', String(strip.scrollLeft >= max - 1));
  };
  // Where a move is headed: a second press during the smooth scroll goes on from there, a card further.
  let target = null;
  const move = (direction) => {
    const card = strip.firstElementChild;
    const gap = parseFloat(getComputedStyle(strip).columnGap) || 0;
    const by = card ? card.getBoundingClientRect().width + gap : strip.clientWidth;
    const max = strip.scrollWidth - strip.clientWidth;
    const from = target ?? strip.scrollLeft;
    target = Math.max(0, Math.min(max, (Math.round(from / by) + direction) * by));
    strip.scrollTo({ left: target, behavior: still.matches ? 'auto' : 'smooth' });
  };
  prev.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));
  strip.addEventListener('scroll', () => {
    if (target !== null && Math.abs(strip.scrollLeft - target) < 2) target = null;
    update();
  }, { passive: true });
  strip.addEventListener('scrollend', () => {
    target = null;
  });
  addEventListener('resize', update);
  update();
})();`,
} as const;
