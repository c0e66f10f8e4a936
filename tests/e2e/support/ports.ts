// The end-to-end servers' ports, from E2E_PORT_BASE (default 4397): the live server, the SMS
// gateway, the site and the desk (the server the writing specs change), one after another.
import { loadConfig } from '../../../src/server/config.ts';

const base = loadConfig().E2E_PORT_BASE;

export const E2E_PORTS = { live: base, sms: base + 1, site: base + 2, desk: base + 3 } as const;
