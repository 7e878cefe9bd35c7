import { z } from 'zod';
import { listQueryBase } from './list.js';

/** `GET /userInfo` (spec §3 "User info") and the live-session calls. */
export const storeRefSchema = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  english_name: z.string(),
});
export type StoreRef = z.infer<typeof storeRefSchema>;

/** Spec §3 "Route record"; `component` is a page key the web maps to a lazily loaded page. */
export interface RouteRecord {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: { title: string; roles: string[]; icon?: string; noCache?: boolean; breadcrumb?: boolean };
  children?: RouteRecord[];
}

export const routeRecordSchema: z.ZodType<RouteRecord> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    meta: z.object({
      title: z.string(),
      roles: z.array(z.string()),
      icon: z.string().optional(),
      noCache: z.boolean().optional(),
      breadcrumb: z.boolean().optional(),
    }),
    children: z.array(routeRecordSchema).optional(),
  }),
);

/** `component` of a group's parent record: the web renders its layout there. */
export const LAYOUT_COMPONENT = 'Layout';

export const userInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  /** Never empty; the super admin (id 1) has `["admin"]`. */
  roles: z.array(z.string()).min(1),
  visitStore: storeRefSchema,
  stores: z.array(storeRefSchema),
  /** Permission keys the staff member holds. */
  jurisdiction: z.array(z.string()),
  asyncRouterMap: z.array(routeRecordSchema),
  /** The staff member's interface language. */
  language: z.string(),
  /** Seconds without activity after which the session ends (setting `idleTimeoutMinutes`):
   * the web logs out at the same moment the server would refuse the next request. */
  idleTimeout: z.number().int().positive(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const switchStoreSchema = z.object({ storeId: z.coerce.number().int().positive() });
export const revokeTokenSchema = z.object({ sessionId: z.coerce.number().int().positive() });

export const loginUserFiltersSchema = listQueryBase.extend({
  staffId: z.coerce.number().int().positive().optional(),
  storeId: z.coerce.number().int().positive().optional(),
  username: z.string().trim().max(64).optional(),
});
export const LOGIN_USER_SORTS = ['id', 'createdAt', 'lastSeenAt', 'staffId'] as const;

export const loginUserItemSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  username: z.string(),
  staffName: z.string(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** This row is the caller's own session. */
  current: z.boolean(),
});
export type LoginUserItem = z.infer<typeof loginUserItemSchema>;
