// Contracts of the admins' corrections routes (docs/decisions/034-corrections.md): the case is the
// one contract of src/server/corrections/cases.ts, shared with the shipped file.
import { z } from 'zod';
import { correctionCaseSchema } from '../../corrections/cases.ts';
import { action, envelope, forRoles } from './common.ts';

export const storedCorrection = z.object({
  case: correctionCaseSchema,
  origin: z.enum(['file', 'admin']).meta({ description: "'file': as shipped in corrections/cricsheet.json; 'admin': added or edited by an admin." }),
  updated_at: z.iso.datetime(),
});

export const correctionsReport = z.object({
  written: z.number().int(),
  deleted: z.number().int(),
  voided: z.number().int(),
  unvoided: z.number().int(),
  renamed: z.number().int(),
  waiting: z.array(z.object({ key: z.string(), reason: z.string() })).meta({ description: 'Cases waiting for data not imported yet (their tournament, their match).' }),
});

export const correctionRoutes = forRoles(['admin'], {
  list: action({
    paths: ['/admin/corrections'],
    methods: ['GET'],
    summary: 'Addition: the corrections (matches abandoned without a ball, void matches, name fixes), by key (admins only)',
    tags: ['admin'],
    response: envelope(z.array(storedCorrection)),
    errors: [401, 403],
    signedIn: true,
  }),
  save: action({
    paths: ['/admin/corrections'],
    methods: ['PUT'],
    summary: 'Addition: adds or replaces the correction with this key and applies the corrections at once (admins only)',
    tags: ['admin'],
    body: correctionCaseSchema,
    response: z.object({ status: z.literal(true), message: z.literal('Correction saved'), data: correctionsReport }),
    errors: [401, 403],
    signedIn: true,
  }),
});
