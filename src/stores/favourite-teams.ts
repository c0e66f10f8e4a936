// MyMatches' favourite teams, kept on the device (accounts come later): a nanostore mirrored to
// localStorage under 'favouriteTeams' as a JSON array of team keys. Written with a plain atom
// (the behaviour of @nanostores/persistent without the package): read once in the browser,
// written on every change, and kept in step with other tabs through the 'storage' event.
import { atom } from 'nanostores';
import { FAVOURITE_TEAMS_KEY, MAX_FAVOURITE_TEAMS, parseFavourites } from '../shared/fixtures-shared.ts';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): favourites last for the visit only.
    return null;
  }
}

export const $favouriteTeams = atom<string[]>(parseFavourites(storage()?.getItem(FAVOURITE_TEAMS_KEY) ?? null));

let writing = false;
$favouriteTeams.listen((teams) => {
  if (writing) return;
  try {
    storage()?.setItem(FAVOURITE_TEAMS_KEY, JSON.stringify(teams));
  } catch {
    // Quota or blocked storage: keep the in-memory list.
  }
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== FAVOURITE_TEAMS_KEY) return;
    writing = true;
    try {
      $favouriteTeams.set(parseFavourites(event.newValue));
    } finally {
      writing = false;
    }
  });
}

export function addFavouriteTeam(key: string): boolean {
  const teams = $favouriteTeams.get();
  if (teams.includes(key)) return true;
  if (teams.length >= MAX_FAVOURITE_TEAMS) return false;
  $favouriteTeams.set([...teams, key]);
  return true;
}

export function removeFavouriteTeam(key: string): void {
  $favouriteTeams.set($favouriteTeams.get().filter((team) => team !== key));
}
