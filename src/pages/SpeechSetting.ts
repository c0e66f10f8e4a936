// The spec links /SpeechSetting as well as /speechSetting; one page answers both.
import type { APIRoute } from 'astro';
import { langOf, localizePath } from '../i18n/index.ts';

export const GET: APIRoute = (context) => context.redirect(localizePath('/speechSetting', langOf(context)), 301);
