import type { z } from 'zod';
import type { FourEyesKind } from './approvals.js';

/**
 * A master-data resource declared once: the server derives its CRUD routes (list with
 * page/sort/filters, get, create, update, delete, with permission keys, store scope and audit)
 * and the web derives its list and form pages from the same declaration (architecture §6).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'money'
  | 'rate'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'boolean'
  | 'phone'
  | 'hkid'
  | 'email'
  | 'password'
  | 'ref'
  | 'refs';

export interface ResourceField {
  /** Property name in the item / create / update payloads (camelCase). */
  name: string;
  kind: FieldKind;
  /** i18n key of the label, e.g. `fields.storeName`. */
  label: string;
  /** Shown as a list column. */
  list?: boolean;
  /** The list can be sorted by this column (`sort=name:asc`). */
  sortable?: boolean;
  /** The list offers a filter on this field; the query parameter has the field's name
   * (`dateRange` filters use `<name>From` / `<name>To`). */
  filter?: 'text' | 'enum' | 'dateRange' | 'ref' | 'boolean';
  /** Shown in the create/edit form. */
  form?: boolean | 'create' | 'edit';
  required?: boolean;
  /** For `enum`: the values; labels come from i18n `enums.<enumName>.<value>`. */
  options?: readonly string[];
  enumName?: string;
  /** For `ref`/`refs`: the API path that lists the choices (`{items:[{id,name}]}`). */
  refPath?: string;
  /** Masked unless the caller may see it (HKID, phone). */
  masked?: boolean;
}

/**
 * The keys a resource needs. They enter the permission catalogue through
 * `resourcePermissions(decl, …)` (permissions/define.ts), and `registerResource` refuses a
 * declaration whose keys the catalogue does not have.
 */
export interface ResourcePermissions {
  list: string;
  view?: string;
  create?: string;
  update?: string;
  delete?: string;
}

/**
 * An action on one item beyond create/update/delete: `POST <path>/:id/<name>` (e.g. `approve`,
 * `forbid`, `unlock`). Status changes go through the domain's status table in the service.
 */
export interface ResourceActionDecl<Body extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> {
  permission: string;
  /** i18n key of the button. */
  label: string;
  summary: string;
  /** Request body (none: the action takes no input). */
  body?: Body;
  /** Schema of the answer's `data`; the resource's item when left out. */
  answer?: Answer;
  /** Message code of the success answer. */
  message?: string;
  /** The web asks before running it (destructive or hard to undo). */
  confirm?: boolean;
  /**
   * A valid body, for an action that takes one: the authorization × store matrix test sends it,
   * so the call passes validation and reaches the service's store scope (a 400 would prove nothing).
   */
  example?: z.input<Body>;
  /**
   * Four eyes (docs/server-conventions.md → Four eyes): the controlled action's kind, or the kind
   * the body asks for (a receipt's void or refund). When the company controls it, the route
   * records a request (202) instead of acting; the server's module registers the kind's action.
   */
  fourEyes?: FourEyesKind | ((body: never) => FourEyesKind);
}

/** Message codes of the success answers of the CRUD routes (`success.created` / `success.updated` / `success.deleted` when left out). */
export interface ResourceMessages {
  create?: string;
  update?: string;
  delete?: string;
}

export interface ResourceDecl<
  Item extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Filters extends z.ZodType = z.ZodType,
> {
  /** Stable name, also the audit module: `stores`, `holidays`, `accessIps`… */
  name: string;
  /** Path under the API base: `/stores`; item routes are `/stores/:id`. */
  path: string;
  /** i18n key of the page title. */
  title: string;
  permissions: ResourcePermissions;
  /**
   * Rows belong to stores and a caller without all-stores reach sees and changes only those of
   * their current store (another store's answer 404). Usually a `store_id` column under row-level
   * security; staff belong to the stores they may log into (`staff_stores`).
   */
  storeScoped: boolean;
  fields: readonly ResourceField[];
  item: Item;
  /** A list row when it is lighter than the item (a loan's row has no sections): `GET <path>` answers pages of it. */
  listItem?: z.ZodType;
  create?: Create;
  update?: Update;
  filters: Filters;
  defaultSort: string;
  /**
   * A valid create payload: documents the resource and lets the authorization × store matrix
   * test create a row of every store-owned resource. Required when `storeScoped`.
   */
  example?: z.input<Create>;
  /** Item actions, by name (the URL segment). */
  actions?: Readonly<Record<string, ResourceActionDecl>>;
  /** Success messages other than the default ones. */
  messages?: ResourceMessages;
}

/** Keeps the declaration's own types (schemas, action names) while checking it is a `ResourceDecl`. */
export const defineResource = <const D extends ResourceDecl>(decl: D): D => decl;
