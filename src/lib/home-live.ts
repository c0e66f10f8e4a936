// The home slider's live and upcoming cards follow the 'home' room: each 'card' event carries
// the match object; a ball updates the card's score lines and situation in place; a change of
// status (an upcoming match's first ball, a result) swaps in the card the server renders now.
import { sideScore, type InningsLine } from './scores.ts';
import { liveSocket } from './live-client.ts';
import type { InningsScores, LiveStateObject } from '../stores/live-match.ts';

interface CardEvent {
  match_key: string;
  sequence: number;
  match: { status: string; play: { innings: InningsScores; live: LiveStateObject | null } };
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
  // The home page is cacheable for a while: ask the server, not the browser's copy.
  const response = await fetch(window.location.href, { headers: { accept: 'text/html' }, cache: 'no-cache' });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const fresh = page.querySelector(`.card[data-match-key="${CSS.escape(key)}"]`);
  if (fresh) card.replaceWith(document.importNode(fresh, true));
}

export function updateCard(card: HTMLElement, event: CardEvent): 'updated' | 'status' {
  if (card.dataset.status !== event.match.status) return 'status';
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

export async function followHomeCards(root: ParentNode): Promise<void> {
  const following = () => [...root.querySelectorAll<HTMLElement>('.card[data-match-key]')].filter((card) => card.dataset.status !== 'completed');
  if (following().length === 0) return;
  const socket = await liveSocket();
  const lastSequence = new Map<string, number>();
  socket.on('connect', () => socket.emit('sub_home'));
  if (socket.connected) socket.emit('sub_home');
  socket.on('card', (payload: unknown) => {
    if (!isCardEvent(payload)) return;
    // A card event carries the whole match: an older one than what the card shows is skipped.
    if ((lastSequence.get(payload.match_key) ?? -1) >= payload.sequence) return;
    lastSequence.set(payload.match_key, payload.sequence);
    const card = following().find((c) => c.dataset.matchKey === payload.match_key);
    if (card && updateCard(card, payload) === 'status') void refreshCard(card, payload.match_key);
  });
}
