import { createHmac } from 'node:crypto';
import pg from 'pg';

/**
 * The server runs as a role that owns nothing and has only the grants it needs; migrations run as
 * the owner. Owning a table (or being a superuser) would let the app switch off the audit log's
 * append-only trigger (`ALTER TABLE … DISABLE TRIGGER`, `SET session_replication_role = replica`)
 * and then edit history.
 */

/** The role the embedded database makes for the server. */
export const EMBEDDED_APP_ROLE = 'harbour_app';

/** Tables the app may only read and append to (the ledger's tables join when they exist). */
export const APPEND_ONLY_TABLES: readonly string[] = ['audit_log', 'journal_entries', 'journal_lines'];

/** Tables the app may only read (the migration history). */
const READ_ONLY_TABLES: readonly string[] = ['harbour_migrations'];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The embedded app role's password, derived from the cluster's superuser password (kept mode 600). */
export const embeddedAppPassword = (superuserPassword: string) => createHmac('sha256', superuserPassword).update(EMBEDDED_APP_ROLE).digest('hex');

/** Makes (or resets) a login role with no special powers; needs a connection allowed to create roles. */
export async function ensureLoginRole(owner: pg.Pool | pg.Client, role: string, password: string): Promise<void> {
  const exists = await owner.query('select 1 from pg_roles where rolname = $1', [role]);
  const verb = exists.rowCount ? 'ALTER' : 'CREATE';
  // A password cannot be a bind parameter in DDL; it is hex here, and quoted as a literal anyway.
  await owner.query(
    `${verb} ROLE ${quoteIdent(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`,
  );
}

/**
 * Gives `role` what the server needs on every table of the schema, run after each migration (so
 * new tables are covered): read and write, but only read and append on the append-only tables,
 * only read on the migration history, and no ownership, so no trigger can be switched off.
 */
export async function grantAppRole(owner: pg.Pool | pg.Client, role: string): Promise<void> {
  const r = quoteIdent(role);
  const existing = (await owner.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`)).rows.map((x) => x.name);
  const statements = [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    ...APPEND_ONLY_TABLES.filter((t) => existing.includes(t)).map((t) => `REVOKE UPDATE, DELETE, TRUNCATE ON ${quoteIdent(t)} FROM ${r}`),
    ...READ_ONLY_TABLES.filter((t) => existing.includes(t)).map((t) => `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${quoteIdent(t)} FROM ${r}`),
  ];
  for (const s of statements) await owner.query(s);
}

export interface RolePowers {
  role: string;
  superuser: boolean;
  bypassRls: boolean;
  /** Tables of the public schema the role owns. */
  ownedTables: number;
}

/** What the connected role could do beyond its grants. */
export async function rolePowers(db: pg.Pool | pg.Client): Promise<RolePowers> {
  const { rows } = await db.query<{ role: string; superuser: boolean; bypass: boolean; owned: number }>(`
    select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass,
      (select count(*)::int from pg_tables t where t.schemaname = 'public' and t.tableowner = current_user) as owned
    from pg_roles r where r.rolname = current_user`);
  const row = rows[0]!;
  return { role: row.role, superuser: row.superuser, bypassRls: row.bypass, ownedTables: row.owned };
}

/** Why a role is too powerful to run the server as, or null when it is fine. */
export function tooPowerful(p: RolePowers): string | null {
  if (p.superuser) return `the database role ${p.role} is a superuser`;
  if (p.bypassRls) return `the database role ${p.role} bypasses row-level security`;
  if (p.ownedTables > 0) return `the database role ${p.role} owns ${p.ownedTables} table(s)`;
  return null;
}
