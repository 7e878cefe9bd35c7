import type { FourEyesKind, Page, ResourceActionDecl, ResourceDecl } from '@harbour/contracts';
import type { z } from 'zod';
import type { Tx } from '../db/client.js';
import type { ServiceContext } from './context.js';

type ItemOf<D extends ResourceDecl> = z.output<D['item']>;
/** A list row: the declaration's `listItem`, or its item. */
type ListItemOf<D extends ResourceDecl> = D['listItem'] extends z.ZodType ? z.output<D['listItem']> : ItemOf<D>;
type ActionsOf<D extends ResourceDecl> = NonNullable<D['actions']>;
type ActionBody<A> = A extends ResourceActionDecl<infer B> ? (A['body'] extends z.ZodType ? z.output<B> : undefined) : never;
type ActionAnswer<A, Item> = A extends { answer: infer R extends z.ZodType } ? z.output<R> : Item;

/**
 * What a declared resource does, independent of HTTP: `registerResource` turns it into routes,
 * and a scheduled job or batch calls the same functions with its own `ServiceContext`. Each
 * function opens its transaction, applies the store scope and writes its audit row itself.
 */
export interface ResourceService<D extends ResourceDecl> {
  list(ctx: ServiceContext, query: z.output<D['filters']>): Promise<Page<ListItemOf<D>>>;
  get(ctx: ServiceContext, id: number): Promise<ItemOf<D>>;
  create?(ctx: ServiceContext, input: z.output<NonNullable<D['create']>>): Promise<ItemOf<D>>;
  update?(ctx: ServiceContext, id: number, input: z.output<NonNullable<D['update']>>): Promise<ItemOf<D>>;
  remove?(ctx: ServiceContext, id: number): Promise<void>;
  /** The update in the caller's transaction (a four-eyes approval runs it inside its own). */
  updateIn?(tx: Tx, ctx: ServiceContext, id: number, input: z.output<NonNullable<D['update']>>): Promise<ItemOf<D>>;
  /**
   * Four eyes on an edit: the controlled kind this edit of the item falls under as it stands now
   * (null: saves at once). The route then records a request `{ id, body }` (202) instead; the
   * module registers the kind's controlled action, which runs `updateIn` on approval.
   */
  updateKind?(ctx: ServiceContext, id: number, input: z.output<NonNullable<D['update']>>): Promise<FourEyesKind | null>;
  /** One function per declared action (`POST <path>/:id/<name>`). */
  actions?: {
    [K in keyof ActionsOf<D>]: (ctx: ServiceContext, id: number, body: ActionBody<ActionsOf<D>[K]>) => Promise<ActionAnswer<ActionsOf<D>[K], ItemOf<D>>>;
  };
}
