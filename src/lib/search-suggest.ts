// Suggestions as the fan types in the header's search form (components/SearchBox.astro): the
// field becomes a WAI-ARIA combobox over a listbox of GET user/v1/search hits. Arrows move, Enter
// opens the hit picked (or submits the form as without JavaScript), Escape closes. Kept tiny:
// it ships on every page.
interface Hit {
  kind: 'player' | 'team' | 'tournament' | 'venue';
  name: string;
  detail: string | null;
  gender: string | null;
  url: string;
}

const DELAY_MS = 120;
const LIMIT = 8;

export function attachSuggestions(form: HTMLFormElement): void {
  const input = form.querySelector('input')!;
  const list = form.querySelector('ul')!;
  const labels = form.dataset;
  let hits: Hit[] = [];
  let active = -1;
  let timer = 0;
  let pending: AbortController | null = null;

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  const show = (open: boolean) => {
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) input.removeAttribute('aria-activedescendant');
  };

  const pick = (index: number) => {
    active = index;
    [...list.children].forEach((item, at) => item.setAttribute('aria-selected', String(at === index)));
    if (index < 0) input.removeAttribute('aria-activedescendant');
    else input.setAttribute('aria-activedescendant', `${list.id}-${index}`);
  };

  const render = () => {
    list.replaceChildren(
      ...hits.map((hit, index) => {
        const item = document.createElement('li');
        item.id = `${list.id}-${index}`;
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', 'false');
        const what = document.createElement('small');
        what.textContent = [hit.gender === 'female' ? labels.women : null, hit.detail ?? labels[hit.kind]].filter(Boolean).join(' · ');
        item.append(hit.name, what);
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          location.assign(hit.url);
        });
        return item;
      }),
    );
    active = -1;
    show(hits.length > 0);
  };

  const fetchHits = async (query: string) => {
    pending?.abort();
    pending = new AbortController();
    try {
      const params = new URLSearchParams({ q: query, limit: String(LIMIT), lang: labels.lang ?? 'en' });
      const response = await fetch(`/user/v1/search?${params}`, { signal: pending.signal });
      hits = response.ok ? ((await response.json()) as { data: Hit[] }).data : [];
    } catch {
      // Aborted by a newer keystroke, or offline: the form still submits.
      return;
    }
    render();
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (query.length < 2) {
      pending?.abort();
      hits = [];
      render();
      return;
    }
    timer = window.setTimeout(() => void fetchHits(query), DELAY_MS);
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (hits.length === 0) return;
      event.preventDefault();
      show(true);
      // Past either end, back to the field (-1), then round again.
      let next = active + (event.key === 'ArrowDown' ? 1 : -1);
      if (next >= hits.length) next = -1;
      else if (next < -1) next = hits.length - 1;
      pick(next);
    } else if (event.key === 'Enter' && active >= 0 && !list.hidden) {
      event.preventDefault();
      location.assign(hits[active]!.url);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      show(false);
    }
  });

  input.addEventListener('blur', () => show(false));
  input.addEventListener('focus', () => show(hits.length > 0));
}
