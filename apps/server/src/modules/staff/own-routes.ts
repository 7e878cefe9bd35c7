import { AUTHENTICATED, CHANGE_PASSWORD_PATH, changePasswordSchema, ownProfileSchema, ownProfileUpdateSchema } from '@harbour/contracts';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { staff } from '../../db/schema/index.js';
import { registerImageUpload, serveStoredImages } from '../../http/image-routes.js';
import { audit } from '../../platform/audit.js';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { contextOf } from '../../platform/context.js';
import { avatarStore } from './avatar.js';
import { changeOwnPassword, readOwnProfile, updateOwnProfile } from './own-profile.js';
import { storesOfStaff } from '../../platform/staff-guard.js';

const AVATAR_PATH = '/avatars';

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

  route(app, {
    method: 'POST',
    url: CHANGE_PASSWORD_PATH,
    permission: AUTHENTICATED,
    summary: 'Change own password (the current one required, the new one different and within the policy); the one call allowed while a password set by an administrator must be changed',
    tags: ['staff'],
    body: changePasswordSchema,
    response: z.object({ ok: z.literal(true) }),
    handler: async (req) => {
      const ctx = contextOf(req);
      await withTx(ctx, (tx) => changeOwnPassword(tx, ctx, req.body));
      succeed(req, 'admin.passwordChanged');
      return { ok: true as const };
    },
  });

  await registerImageUpload(app, avatarStore, {
    url: '/adminModify/avatar',
    servedAt: AVATAR_PATH,
    permission: AUTHENTICATED,
    summary: 'Upload own avatar (JPG, PNG or GIF by content, at most 2 MB)',
    tags: ['staff'],
    response: ownProfileSchema,
    attach: async (req, url) => {
      const staffId = req.auth!.staffId;
      const previous = await withTx(req, async (tx) => {
        const [before] = await tx.select({ avatar: staff.avatar }).from(staff).where(eq(staff.id, staffId)).for('update');
        await tx.update(staff).set({ avatar: url, updatedAt: new Date() }).where(eq(staff.id, staffId));
        await audit(tx, {
          action: 'upload',
          module: 'adminModify',
          reference: staffId,
          before: { avatar: before?.avatar ?? null },
          after: { avatar: url },
          recordStores: await storesOfStaff(tx, staffId),
        });
        return before?.avatar;
      });
      return { previous, answer: () => readOwnProfile(req.server.db, staffId) };
    },
  });

  serveStoredImages(app, avatarStore, AVATAR_PATH, 'private, max-age=86400, immutable');
}
