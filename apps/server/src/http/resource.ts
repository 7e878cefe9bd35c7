import { PERMISSION_KEYS, pageOf, type PermissionKey, type ResourceDecl } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../platform/context.js';
import type { ResourceService } from '../platform/resource-service.js';
import { deferIfControlled } from './four-eyes.js';
import { route, succeed } from './route.js';

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The routes of a declared resource (architecture §6), each calling its service with the
 * request's `ServiceContext`:
 * `GET <path>` (filters, sort, pages), `GET <path>/:id`, `POST <path>`, `PUT <path>/:id`,
 * `DELETE <path>/:id` where the declaration gives a permission and the service a function, and
 * `POST <path>/:id/<action>` for every declared action (its own permission key, body, answer and
 * message). The declaration's permission keys guard them, its `messages` word the CRUD successes;
 * the service does store scope and the audit row.
 */
export function registerResource<D extends ResourceDecl>(app: FastifyInstance, decl: D, service: ResourceService<D>): void {
  if (decl.storeScoped && !decl.example) throw new Error(`${decl.name}: a store-owned resource declares an example (the store matrix test creates one)`);
  for (const [name, action] of Object.entries(decl.storeScoped ? (decl.actions ?? {}) : {})) {
    if (action.body && action.example === undefined) throw new Error(`${decl.name}: action ${name} of a store-owned resource declares an example body (the store matrix test sends it)`);
  }
  app.resources.push(decl);
  const tags = [decl.name];
  const keys = catalogueKeys(decl);

  route(app, {
    method: 'GET',
    url: decl.path,
    permission: keys.list,
    tags,
    summary: `List ${decl.name}`,
    querystring: decl.filters,
    response: pageOf(decl.listItem ?? decl.item),
    handler: (req) => service.list(contextOf(req), req.query as z.output<D['filters']>),
  });

  route(app, {
    method: 'GET',
    url: `${decl.path}/:id`,
    permission: keys.view ?? keys.list,
    tags,
    summary: `One ${decl.name} item`,
    params: idParams,
    response: decl.item,
    handler: (req) => service.get(contextOf(req), req.params.id),
  });

  const { create, update, remove } = service;
  if (decl.create && keys.create && create) {
    route(app, {
      method: 'POST',
      url: decl.path,
      permission: keys.create,
      tags,
      summary: `Create ${decl.name}`,
      body: decl.create,
      response: decl.item,
      handler: async (req) => {
        const item = await create(contextOf(req), req.body as z.output<NonNullable<D['create']>>);
        succeed(req, decl.messages?.create ?? 'success.created');
        return item;
      },
    });
  }

  if (decl.update && keys.update && update) {
    route(app, {
      method: 'PUT',
      url: `${decl.path}/:id`,
      permission: keys.update,
      tags,
      summary: `Update ${decl.name}`,
      params: idParams,
      body: decl.update,
      response: decl.item,
      handler: async (req) => {
        const body = req.body as z.output<NonNullable<D['update']>>;
        const kind = service.updateKind ? await service.updateKind(contextOf(req), req.params.id, body) : null;
        const deferred = kind ? await deferIfControlled(req, kind, { id: req.params.id, body }) : null;
        if (deferred) return deferred;
        const item = await update(contextOf(req), req.params.id, body);
        succeed(req, decl.messages?.update ?? 'success.updated');
        return item;
      },
    });
  }

  if (keys.delete && remove) {
    route(app, {
      method: 'DELETE',
      url: `${decl.path}/:id`,
      permission: keys.delete,
      tags,
      summary: `Delete ${decl.name} (409 while referenced)`,
      params: idParams,
      response: z.object({ id: z.number().int() }),
      handler: async (req) => {
        await remove(contextOf(req), req.params.id);
        succeed(req, decl.messages?.delete ?? 'success.deleted');
        return { id: req.params.id };
      },
    });
  }

  for (const [name, action] of Object.entries(decl.actions ?? {})) {
    const run = (service.actions as Record<string, (ctx: unknown, id: number, body: unknown) => Promise<unknown>> | undefined)?.[name];
    if (!run) throw new Error(`${decl.name}: action ${name} is declared but its service has no function for it`);
    route(app, {
      method: 'POST',
      url: `${decl.path}/:id/${name}`,
      permission: catalogueKey(decl, action.permission),
      tags,
      summary: action.summary,
      params: idParams,
      ...(action.body ? { body: action.body } : {}),
      response: action.answer ?? decl.item,
      handler: async (req) => {
        const kind = typeof action.fourEyes === 'function' ? action.fourEyes(req.body as never) : action.fourEyes;
        const deferred = kind ? await deferIfControlled(req, kind, { id: req.params.id, body: req.body }) : null;
        if (deferred) return deferred;
        const out = await run(contextOf(req), req.params.id, req.body);
        if (action.message) succeed(req, action.message);
        return out;
      },
    });
  }
}

/** A declaration's key, refused at registration unless the catalogue has it (it enters through `resourcePermissions`). */
function catalogueKey(decl: ResourceDecl, key: string): PermissionKey {
  if (!PERMISSION_KEYS.has(key)) throw new Error(`${decl.name}: permission ${key} is not in the catalogue (add resourcePermissions(${decl.name}, …) to packages/contracts/src/permissions/)`);
  return key as PermissionKey;
}

function catalogueKeys(decl: ResourceDecl): { list: PermissionKey; view?: PermissionKey; create?: PermissionKey; update?: PermissionKey; delete?: PermissionKey } {
  const p = decl.permissions;
  const opt = (k: string | undefined) => (k === undefined ? undefined : catalogueKey(decl, k));
  const out: ReturnType<typeof catalogueKeys> = { list: catalogueKey(decl, p.list) };
  for (const name of ['view', 'create', 'update', 'delete'] as const) {
    const key = opt(p[name]);
    if (key) out[name] = key;
  }
  return out;
}
