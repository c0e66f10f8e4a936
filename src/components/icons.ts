// 24x24 icon paths for Icon.astro. Outline icons are stroked; brand marks are filled.
export const icons = {
  home: { d: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z' },
  news: { d: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 8h3v9a2 2 0 0 1-2 2M7 9h7M7 13h7M7 17h4' },
  trophy: { d: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5v1a3 3 0 0 0 3 3M16 6h3v1a3 3 0 0 1-3 3M12 13v4M8 21h8M9 17h6v4H9z' },
  calendar: { d: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5' },
  filter: { d: 'M4 5h16l-6 7.5V19l-4 2v-8.5z' },
  user: { d: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
  mail: { d: 'M3 5h18v14H3zM3 6l9 7 9-7' },
  // A phone taking a download: the header's "Install the app".
  install: { d: 'M7 2.5h10v19H7zM12 6.5v8M9 11.5l3 3 3-3M11 18.5h2' },
  // A bell: a match page's "Follow this match" (alerts on this device).
  bell: { d: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0' },
  android: { d: 'M7 10.5h10v7a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1zM7 9a5 5 0 0 1 10 0zM8.5 2.5l1.2 2M15.5 2.5l-1.2 2M10 18.5V21M14 18.5V21M4.5 11v5M19.5 11v5M10 7h.01M14 7h.01' },
  whatsapp: {
    d: 'M3.5 20.5l1.3-4.3a8.5 8.5 0 1 1 3.2 3zM9 8c0 3.6 3.4 7 7 7l1-1.8-2.2-1-1 1c-1.3-.5-2.5-1.7-3-3l1-1-1-2.2z',
  },
  facebook: { d: 'M14 8.5V7a1 1 0 0 1 1-1h2V2.5h-3A4.5 4.5 0 0 0 9.5 7v1.5H7V12h2.5v9.5H14V12h2.8l.7-3.5z', filled: true },
  x: {
    d: 'M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.65l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23zm-1.16 17.52h1.83L7.08 4.13H5.12z',
    filled: true,
  },
} satisfies Record<string, { d: string; filled?: boolean }>;

export type IconName = keyof typeof icons;
