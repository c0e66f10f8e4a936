// Parts of a page brought up to date from the page the server renders now: a live match's
// scoreboard after a ball, a match card whose status changed. The server renders every part
// already (no second renderer in JavaScript); pages are cached publicly for a while, so the
// browser is told to ask the server, whose cache the change feed drops on every ball.

/** The page at `url` as the server renders it now; null when it cannot be had. */
export async function freshPage(url: string = window.location.href): Promise<Document | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'text/html' }, cache: 'no-cache' });
    if (!response.ok) return null;
    return new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    return null;
  }
}

/** Replaces `current` with the element `selector` finds in `page`; false when the page has none. */
export function swapIn(current: Element, page: Document, selector: string): boolean {
  const fresh = page.querySelector(selector);
  if (!fresh) return false;
  current.replaceWith(document.importNode(fresh, true));
  return true;
}
