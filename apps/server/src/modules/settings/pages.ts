import {
  ACTIVE_PERIOD_PATH,
  ACTIVE_PERIOD_PERMISSION,
  activePeriodSchema,
  activePeriodValueSchema,
  VISIBLE_TEL_PATH,
  VISIBLE_TEL_PERMISSION,
  visibleTelSchema,
  visibleTelValueSchema,
  type PermissionKey,
  type SystemSettingKey,
} from '@harbour/contracts';
import type { SystemSettings } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route, succeed } from '../../http/route.js';
import { deferSettingsSave } from './four-eyes.js';
import { contextOf } from '../../platform/context.js';
import { readSettings } from '../../platform/settings.js';
import { withTx } from '../../platform/tx.js';
import { saveSettings } from './service.js';

/**
 * System pages that show and save one default setting with their own page key, so a role may be
 * given one of them without the whole default settings page: `GET` reads the setting, `PUT`
 * saves it through the settings service (same audit row as the default settings page).
 */
function settingPage<K extends SystemSettingKey>(
  app: FastifyInstance,
  page: { url: string; permission: PermissionKey; key: K; body: z.ZodType<Record<K, unknown>>; response: z.ZodType; summary: string },
) {
  route(app, {
    method: 'GET',
    url: page.url,
    permission: page.permission,
    summary: `Read ${page.summary}`,
    tags: ['settings'],
    response: page.response,
    handler: async (req) => readSettings(req.server.db, [page.key]),
  });

  route(app, {
    method: 'PUT',
    url: page.url,
    permission: page.permission,
    summary: `Save ${page.summary}; audited with the value before and after`,
    tags: ['settings'],
    body: page.body,
    response: page.response,
    handler: async (req) => {
      const ctx = contextOf(req);
      const body = req.body as Record<K, unknown> & { reason?: string };
      const patch = { [page.key]: body[page.key] } as Partial<SystemSettings>;
      const deferred = await deferSettingsSave(req, ctx.db, { ...patch, reason: body.reason });
      if (deferred) return deferred;
      const saved = await withTx(ctx, (tx) => saveSettings(tx, ctx, patch));
      succeed(req, 'success.saved');
      return { [page.key]: saved[page.key] };
    },
  });
}

export function settingPagesRoutes(app: FastifyInstance) {
  settingPage(app, {
    url: ACTIVE_PERIOD_PATH,
    permission: ACTIVE_PERIOD_PERMISSION,
    key: 'activePeriodDays',
    body: activePeriodSchema,
    response: activePeriodValueSchema,
    summary: 'the active period (days after posting that posted data may be edited or voided)',
  });
  settingPage(app, {
    url: VISIBLE_TEL_PATH,
    permission: VISIBLE_TEL_PERMISSION,
    key: 'visibleTelDigits',
    body: visibleTelSchema,
    response: visibleTelValueSchema,
    summary: 'the visible tel. no. digits (what masked phone and ID numbers keep)',
  });
}
