import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { API_BASE, AUTHENTICATED, AVATAR_MAX_BYTES, ownProfileSchema, ownProfileUpdateSchema, PUBLIC } from '@harbour/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { staff } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { audit } from '../../platform/audit.js';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { contextOf } from '../../platform/context.js';
import { AVATAR_NAME, avatarDir, checkAvatar, MIME_OF_EXTENSION, removeAvatar, saveAvatar } from './avatar.js';
import { readOwnProfile, updateOwnProfile } from './own-profile.js';
import { storesOfStaff } from '../../platform/staff-guard.js';

const AVATAR_PATH = '/avatars';
const nameOfUrl = (url: string | null) => url?.slice(url.lastIndexOf('/') + 1);

/** `/adminModify`: the caller's own details, password change and avatar (spec §2). */
export async function ownProfileRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/adminModify',
    permission: AUTHENTICATED,
    summary: 'Own details',
    tags: ['staff'],
    response: ownProfileSchema,
    handler: async (req) => readOwnProfile(req.server.db, req.auth!.staffId),
  });

  route(app, {
    method: 'POST',
    url: '/adminModify',
    permission: AUTHENTICATED,
    summary: 'Change own details; a new password needs the current one and ends the other sessions',
    tags: ['staff'],
    body: ownProfileUpdateSchema,
    response: ownProfileSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const profile = await withTx(ctx, (tx) => updateOwnProfile(tx, ctx, req.body));
      succeed(req, req.body.password !== null ? 'admin.passwordChanged' : 'success.saved');
      return profile;
    },
  });

  // Multipart is parsed only inside this scope: no other route accepts uploads by accident.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, parts: 5 }, throwFileSizeLimit: false });
    route(scope, {
      method: 'POST',
      url: '/adminModify/avatar',
      permission: AUTHENTICATED,
      summary: 'Upload own avatar (JPG, PNG or GIF by content, at most 2 MB)',
      tags: ['staff'],
      response: ownProfileSchema,
      handler: async (req) => {
        if (!req.isMultipart()) throw badRequest('errors.validation', [{ field: 'avatar', message: 'admin.avatarMissing' }]);
        const part = await req.file();
        if (!part) throw badRequest('errors.validation', [{ field: 'avatar', message: 'admin.avatarMissing' }]);
        const bytes = await part.toBuffer();
        // One byte over the limit is read so an oversized file is told apart from an exact 2 MB one.
        const ext = await checkAvatar(part.file.truncated ? Buffer.alloc(AVATAR_MAX_BYTES + 1) : bytes);
        const dataDir = req.server.config.dataDir;
        const name = await saveAvatar(dataDir, bytes, ext);
        let previous: string | undefined;
        try {
          await withTx(req, async (tx) => {
            const [before] = await tx.select({ avatar: staff.avatar }).from(staff).where(eq(staff.id, req.auth!.staffId)).for('update');
            previous = nameOfUrl(before?.avatar ?? null);
            const url = `${API_BASE}${AVATAR_PATH}/${name}`;
            await tx.update(staff).set({ avatar: url, updatedAt: new Date() }).where(eq(staff.id, req.auth!.staffId));
            await audit(tx, {
              action: 'upload',
              module: 'adminModify',
              reference: req.auth!.staffId,
              before: { avatar: before?.avatar ?? null },
              after: { avatar: url },
              recordStores: await storesOfStaff(tx, req.auth!.staffId),
            });
          });
        } catch (err) {
          await removeAvatar(dataDir, name);
          throw err;
        }
        await removeAvatar(dataDir, previous);
        succeed(req, 'success.updated');
        return readOwnProfile(req.server.db, req.auth!.staffId);
      },
    });
  });

  // Images are fetched by <img>, which sends no token: the random name is the capability.
  app.route({
    method: 'GET',
    url: `${API_BASE}${AVATAR_PATH}/:name`,
    config: { permission: PUBLIC },
    schema: { hide: true },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!AVATAR_NAME.test(name)) throw notFound();
      const bytes = await fs.readFile(path.join(avatarDir(req.server.config.dataDir), name)).catch(() => null);
      if (!bytes) throw notFound();
      return reply
        .type(MIME_OF_EXTENSION[name.slice(-3)] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  });
}
