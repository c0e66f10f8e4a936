// Parts of a page brought up to date from what the server renders now: a live match's scoreboard
// after a ball (from the tab body fragment), a match card whose status changed (from the page).
// The server renders every part already (no second renderer in JavaScript).

async function parsed(url: string, cache: RequestCache): Promise<Document | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'text/html' }, cache });
    if (!response.ok) return null;
    return new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    return null;
  }
}

/**
 * The page at `url` as the server renders it now; null when it cannot be had. Pages are cached
 * publicly for a while, so the browser is told to ask the server, whose cache the change feed
 * drops on every ball.
 */
export function freshPage(url: string = window.location.href): Promise<Document | null> {
  return parsed(url, 'no-cache');
}

/**
 * A fragment at a versioned address (v=): the browser's copy, if it kept one (the server says
 * when it may), answers as well as the server. Null when it cannot be had.
 */
export function freshFragment(url: string): Promise<Document | null> {
  return parsed(url, 'default');
}

/** Replaces `current` with the element `selector` finds in `page`; false when the page has none. */
export function swapIn(current: Element, page: Document, selector: string): boolean {
  const fresh = page.querySelector(selector);
  if (!fresh) return false;
  current.replaceWith(document.importNode(fresh, true));
  return true;
}
