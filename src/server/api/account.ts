// The signed-in fan's own resources (spec §7 user/profile, user/profile/image) and what the
// accounts issue adds (user/settings, user/settings/merge), the contact query (post/query) and
// the admins' list of queries, and the fan's own data: downloaded whole, or deleted with the
// account (decision 064). Choices: docs/decisions/023-profile-images-and-contact.md.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { AvatarRejected, makeAvatar, MAX_AVATAR_UPLOAD_BYTES, type AvatarStore } from '../account/avatars.ts';
import type { ContactMailer } from '../account/contact-mail.ts';
import { applySettingsChange, mergeDeviceSettings } from '../../shared/account-settings.ts';
import { avatarUrl, requireRole, requireUser, type Auth, type LimitRule } from '../auth/index.ts';
import type { Services } from '../services/index.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { setSessionCookies } from './users.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { accountRoutes } from '../wire/schemas/account.ts';

export interface AccountRouteOptions {
  avatars: AvatarStore;
  /** Sends the operator a copy of each contact query; null when SMTP is not configured. */
  contactMailer: ContactMailer | null;
}

export const ACCOUNT_RULES = {
  contactQueriesPerIp: { name: 'contact-query-ip', limit: 5, windowS: 60 * 60 },
  // Decoding a photo costs real CPU; a fan changes theirs a few times at most.
  avatarUploadsPerUser: { name: 'avatar-upload-user', limit: 20, windowS: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

// A profile, a settings change or a contact query is a small JSON object.
const BODY_LIMIT = 16 * 1024;
const NOT_UPDATED = 'User Profile Not Updated';

/** Why an upload failed, in the spec's words with the reason after them. */
const notUpdated = (status: number, reason: string) => new ApiError(status, `${NOT_UPDATED}: ${reason}`);

/** Multipart failures (@fastify/multipart codes) in words a user can act on. */
function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return notUpdated(413, `the photo is larger than ${MAX_AVATAR_UPLOAD_BYTES / 1024 / 1024} MB`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return notUpdated(413, 'send one photo only, in the field docs');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notUpdated(415, 'send the photo as multipart/form-data in the field docs');
    default:
      return notUpdated(400, 'the upload could not be read');
  }
}

export async function registerAccountRoutes(app: FastifyInstance, services: Services, auth: Auth, options: AccountRouteOptions): Promise<void> {
  const { account } = services;
  const { limiter } = auth;

  await app.register(async (scope) => {
    // Everything here reads or writes one person's data: no cache may keep it.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    await scope.register(multipart, {
      limits: { fileSize: MAX_AVATAR_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldNameSize: 50, fieldSize: 1024, headerPairs: 20 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const { profile, profileImage, settings, changeSettings, mergeSettings, contactQuery, adminQueries, exportAccount, deleteAccount } = accountRoutes;

    api.get(exportAccount.paths[0]!, { schema: actionSchema(exportAccount) }, async (request, reply) => {
      const user = requireUser(request);
      reply.header('content-disposition', 'attachment; filename="crease-account.json"');
      return account.exportData(user.id);
    });

    api.post(deleteAccount.paths[0]!, { schema: actionSchema(deleteAccount), bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const user = requireUser(request);
      // The password confirms it is the fan, not a borrowed session; guesses count as failed logins.
      const attempt = await auth.lockouts.attempt(user.phone, request.ip);
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterS);
      const row = await services.db.kysely.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
      if (!(await verifyPassword(row?.password_hash ?? null, request.body.password))) throw new ApiError(403, 'The password is not right.');
      await auth.lockouts.succeeded(user.phone, request.ip);
      const deleted = await account.deleteAccount(user.id);
      if (deleted?.image) {
        await options.avatars.remove(deleted.image).catch((error: unknown) => request.log.warn({ err: error }, 'deleted account’s avatar not removed'));
      }
      setSessionCookies(reply, auth, null, false);
      return { status: true as const, message: 'Account deleted' as const };
    });

    api.route({
      method: [...profile.methods],
      url: profile.paths[0]!,
      schema: actionSchema(profile),
      bodyLimit: BODY_LIMIT,
      handler: async (request) => {
        const user = requireUser(request);
        const { name, email, phone } = request.body;
        if (phone !== undefined && phone !== '' && phone !== user.phone) throw new ApiError(400, 'Mobile number cannot be changed');
        const data = await account.updateProfile(user.id, { name, email: email ?? null });
        return { status: true as const, message: 'Profile updated' as const, data };
      },
    });

    api.put(profileImage.paths[0]!, { schema: { ...actionSchema(profileImage), consumes: ['multipart/form-data'] } }, async (request) => {
      const user = requireUser(request);
      const rate = await limiter.hit(user.id, ACCOUNT_RULES.avatarUploadsPerUser);
      if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
      let upload: Buffer;
      try {
        const file = await request.file();
        if (!file) throw notUpdated(400, 'no photo was sent (field docs)');
        if (file.fieldname !== 'docs') throw notUpdated(400, 'send the photo in the field docs');
        upload = await file.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
      let avatar: Buffer;
      try {
        avatar = await makeAvatar(upload);
      } catch (error) {
        if (error instanceof AvatarRejected) throw notUpdated(error.statusCode, error.message);
        throw error;
      }
      const fileName = await options.avatars.save(user.id, avatar);
      const previous = await account.replaceAvatar(user.id, fileName);
      if (previous !== null && previous !== fileName) {
        await options.avatars.remove(previous).catch((error: unknown) => request.log.warn({ err: error }, 'previous avatar not removed'));
      }
      return { status: true as const, message: 'User Profile Updated' as const, data: { image: avatarUrl(fileName)! } };
    });

    api.get(settings.paths[0]!, { schema: actionSchema(settings) }, async (request) => {
      const user = requireUser(request);
      return { status: true as const, data: await account.settings(user.id) };
    });

    api.put(changeSettings.paths[0]!, { schema: actionSchema(changeSettings), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = requireUser(request);
      const change = request.body;
      return { status: true as const, data: await account.changeSettings(user.id, (current) => applySettingsChange(current, change)) };
    });

    api.post(mergeSettings.paths[0]!, { schema: actionSchema(mergeSettings), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = requireUser(request);
      const device = request.body;
      return { status: true as const, data: await account.changeSettings(user.id, (current) => mergeDeviceSettings(current, device)) };
    });

    api.post(contactQuery.paths[0]!, { schema: actionSchema(contactQuery), bodyLimit: BODY_LIMIT }, async (request) => {
      const rate = await limiter.hit(request.ip, ACCOUNT_RULES.contactQueriesPerIp);
      if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
      const query = request.body;
      const id = await account.addContactQuery({ ...query, userId: request.user?.id ?? null });
      if (options.contactMailer) {
        // Stored already: a mail server that fails costs the operator an email, not the query.
        await options.contactMailer
          .send({ ...query, id, userPhone: request.user?.phone ?? null })
          // The error's code and text only: an SMTP error object can carry the server's address and more.
          .catch((error: unknown) => {
            const { code, message } = error as { code?: string; message?: string };
            request.log.error({ queryId: id, code, message }, 'contact query email not sent');
          });
      }
      return { status: true as const, message: 'Thank you. We will get back to you soon.' as const };
    });

    api.get(adminQueries.paths[0]!, { schema: actionSchema(adminQueries) }, async (request) => {
      requireRole(request, 'admin');
      const { rows, total } = await account.contactQueries(request.query);
      return { status: true as const, data: rows, total };
    });
  });
}
