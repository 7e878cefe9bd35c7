import type { z } from 'zod';
import type { PermissionKey } from './permissions/index.js';

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

export interface ResourcePermissions {
  list: PermissionKey;
  view?: PermissionKey;
  create?: PermissionKey;
  update?: PermissionKey;
  delete?: PermissionKey;
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
  /** Rows carry `store_id` and are limited to the caller's current store. */
  storeScoped: boolean;
  fields: readonly ResourceField[];
  item: Item;
  create?: Create;
  update?: Update;
  filters: Filters;
  defaultSort: string;
}

export const defineResource = <
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Filters extends z.ZodType,
>(
  decl: ResourceDecl<Item, Create, Update, Filters>,
) => decl;
