// Match cards that follow the 'home' room (the home slider, the Fixtures days): each 'card'
// event carries the match object; a ball updates the card's score lines and situation in
// place; a change the card's layout shows otherwise (status: first ball, result, a result taken
// back; the break; the day) swaps in the card the server renders now, so no second card
// renderer exists in JavaScript. A card event for a match the list does not show (a fixture made
// since the page loaded, now live), and a reconnection that did not recover the events missed
// meanwhile (the process the socket was on died, or it was away too long), bring the whole list
// and its count ("Matches (2)") up to the server's.
import { sideScore, type InningsLine } from './scores.ts';
import { liveSocket } from './live-client.ts';
import { freshPage, swapIn } from './page-refresh.ts';
import type { InningsScores, LiveStateObject } from '../stores/live-match.ts';

interface CardEvent {
  match_key: string;
  sequence: number;
  match: { status: string; play: { innings: InningsScores; live: LiveStateObject | null; day_number: number | null } };
}

function isCardEvent(payload: unknown): payload is CardEvent {
  const event = payload as Partial<CardEvent> | null;
  return typeof event?.match_key === 'string' && Number.isInteger(event.sequence) && typeof event.match?.status === 'string';
}

function line(innings: InningsScores, key: keyof InningsScores): InningsLine | undefined {
  const inn = innings[key];
  return inn && { runs: inn.score.runs, wickets: inn.score.wickets, overs: inn.score.overs, declared: inn.declared, forfeited: inn.forfeited };
}

async function refreshCard(card: HTMLElement, key: string): Promise<void> {
  const page = await freshPage();
  if (page && card.isConnected) swapIn(card, page, `.card[data-match-key="${CSS.escape(key)}"]`);
}

/** What the card's own layout shows beyond the scores: a change of it needs the server's card. */
function layoutOf(event: CardEvent): { status: string; breakReason: string; day: string } {
  return {
    status: event.match.status,
    breakReason: event.match.play.live?.match_break?.reason ?? '',
    day: event.match.play.day_number === null ? '' : String(event.match.play.day_number),
  };
}

export function updateCard(card: HTMLElement, event: CardEvent): 'updated' | 'layout' {
  const layout = layoutOf(event);
  if (card.dataset.status !== layout.status) return 'layout';
  if (layout.status === 'started' && ((card.dataset.break ?? '') !== layout.breakReason || (card.dataset.day ?? '') !== layout.day)) return 'layout';
  const { innings, live } = event.match.play;
  const scores = { a: sideScore(line(innings, 'a_1'), line(innings, 'a_2')), b: sideScore(line(innings, 'b_1'), line(innings, 'b_2')) };
  for (const side of ['a', 'b'] as const) {
    const cell = card.querySelector<HTMLElement>(`[data-side="${side}"] .score`);
    if (cell && scores[side]) cell.textContent = scores[side];
  }
  const situation = live?.required_score?.title ?? live?.score.msg_lead_by ?? live?.score.msg_trail_by ?? null;
  const situationLine = card.querySelector<HTMLElement>('.situation');
  if (situationLine && situation) situationLine.textContent = situation;
  return 'updated';
}

const cardKeys = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.card[data-match-key]')].map((card) => card.dataset.matchKey);

/**
 * The list `selector` finds brought up to what the server renders now: the same matches in the
 * same order, each card swapped in; else the list's slides replaced (a carousel told to update),
 * or the list itself. The element `countSelector` finds (the heading's count) takes the server's.
 */
export async function resyncList(selector: string, countSelector?: string): Promise<void> {
  const page = await freshPage();
  const here = document.querySelector<HTMLElement>(selector);
  const there = page?.querySelector<HTMLElement>(selector);
  if (!page || !here || !there) return;
  const count = countSelector ? document.querySelector(countSelector) : null;
  const freshCount = countSelector ? page.querySelector(countSelector) : null;
  if (count && freshCount) count.textContent = freshCount.textContent;
  const keys = cardKeys(here);
  const freshKeys = cardKeys(there);
  if (keys.length === freshKeys.length && keys.every((key, i) => key === freshKeys[i])) {
    for (const card of here.querySelectorAll<HTMLElement>('.card[data-match-key]')) swapIn(card, page, `.card[data-match-key="${CSS.escape(card.dataset.matchKey ?? '')}"]`);
    return;
  }
  const slides = here.querySelector('.swiper-wrapper');
  const freshSlides = there.querySelector('.swiper-wrapper');
  if (slides && freshSlides) {
    slides.replaceChildren(...[...freshSlides.children].map((slide) => document.importNode(slide, true)));
    (here.querySelector('.carousel') as (Element & { swiper?: { update(): void } }) | null)?.swiper?.update();
  } else {
    here.replaceWith(document.importNode(there, true));
  }
}

/**
 * Keeps the match cards of the list `selector` finds current (and the count `countSelector` finds).
 * Connects only when a card shows a match that is live or to come; a finished one is followed too
 * once connected (an undo may reopen it).
 */
export async function followMatchCards(selector: string, countSelector?: string): Promise<void> {
  const cards = () => [...document.querySelectorAll<HTMLElement>(`${selector} .card[data-match-key]`)];
  if (!cards().some((card) => card.dataset.status !== 'completed')) return;
  const socket = await liveSocket();
  const lastSequence = new Map<string, number>();
  const sought = new Map<string, number>();
  let resyncing: Promise<void> | null = null;
  const resync = () => {
    resyncing ??= resyncList(selector, countSelector).finally(() => (resyncing = null));
  };
  let connectedBefore = socket.connected;
  socket.on('connect', () => {
    socket.emit('sub_home');
    // The events missed while away came back with a recovered session; else the list may be stale.
    if (connectedBefore && !socket.recovered) resync();
    connectedBefore = true;
  });
  if (socket.connected) socket.emit('sub_home');
  socket.on('card', (payload: unknown) => {
    if (!isCardEvent(payload)) return;
    // A match the list does not show yet, now live: the list (and its count) as the server has it.
    // Asked at most twice per match (the server's copy may lag the first event): a list that
    // leaves it out (a day's page, the home's twenty) stays so.
    if (payload.match.status === 'started' && !cards().some((card) => card.dataset.matchKey === payload.match_key)) {
      const asked = sought.get(payload.match_key) ?? 0;
      if (asked < 2 && resyncing === null) {
        sought.set(payload.match_key, asked + 1);
        resync();
      }
      return;
    }
    // A card event carries the whole match: an older one than what the card shows is skipped.
    if ((lastSequence.get(payload.match_key) ?? -1) >= payload.sequence) return;
    lastSequence.set(payload.match_key, payload.sequence);
    for (const card of cards().filter((c) => c.dataset.matchKey === payload.match_key)) {
      if (updateCard(card, payload) === 'layout') void refreshCard(card, payload.match_key);
    }
  });
}
