import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The server runs as a role that owns nothing and has only the grants it needs; migrations run as
 * the owner. Owning a table (or being a superuser) would let the app switch off the audit log's
 * append-only trigger (`ALTER TABLE … DISABLE TRIGGER`, `SET session_replication_role = replica`)
 * and then edit history.
 */

/** The role the embedded database makes for the server. */
export const EMBEDDED_APP_ROLE = 'harbour_app';

/**
 * Tables the app may only read and append to: the audit log, the ledger's journal and the
 * prescribed summary's versions (whose migrations' triggers also refuse
 * UPDATE, DELETE and TRUNCATE to whoever connects).
 * Default privileges would otherwise give a new table UPDATE and DELETE.
 */
export const APPEND_ONLY_TABLES: readonly string[] = ['audit_log', 'journal_entries', 'journal_lines', 'prescribed_summaries', 'loan_makers'];

/**
 * Owner-rights functions only the app role may call (EXECUTE is revoked from PUBLIC in their
 * migration): the retention job's redaction of the audit log (migration 0042).
 */
export const APP_ONLY_FUNCTIONS: readonly string[] = ['harbour_redact_audit(text[],text)'];

/**
 * Tables the app may only read: the migration history, and the ledger's kept day balances and
 * entry counts (written only by the journal's insert triggers, migrations 0049 and 0054).
 */
export const READ_ONLY_TABLES: readonly string[] = ['harbour_migrations', 'ledger_day_balances', 'ledger_day_entries'];

const TABLE_RIGHTS = 'SELECT, INSERT, UPDATE, DELETE';
const SEQUENCE_RIGHTS = 'USAGE, SELECT, UPDATE';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The embedded app role's password: made once, kept beside the superuser's `pg.password` in a
 * file only this process's user can read, and set on the role at every start (so a lost file is
 * simply made again).
 */
export function embeddedAppPassword(dir: string): string {
  const file = path.join(dir, 'app.password');
  try {
    fs.writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Makes (or resets) a login role with no special powers; needs a connection allowed to create roles. */
export async function ensureLoginRole(owner: pg.Pool | pg.ClientBase, role: string, password: string): Promise<void> {
  const exists = await owner.query('select 1 from pg_roles where rolname = $1', [role]);
  const verb = exists.rowCount ? 'ALTER' : 'CREATE';
  // A password cannot be a bind parameter in DDL; it is quoted as a literal.
  await owner.query(
    `${verb} ROLE ${quoteIdent(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`,
  );
}

/**
 * The grants of the app role, run by the owner inside the migration transaction (so a table a
 * migration adds is never writable beyond its list, not even for a moment):
 * - read and write on every table and sequence of the schema, now and — through default
 *   privileges for tables the owner creates later — in future migrations;
 * - only read and append on the append-only tables, only read on the migration history.
 */
export function appRoleGrants(role: string, existingTables: readonly string[], existingFunctions: readonly string[] = []): string[] {
  const r = quoteIdent(role);
  const present = (list: readonly string[]) => list.filter((t) => existingTables.includes(t)).map(quoteIdent);
  const appendOnly = present(APPEND_ONLY_TABLES);
  const readOnly = present(READ_ONLY_TABLES);
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ${TABLE_RIGHTS} ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ${SEQUENCE_RIGHTS} ON SEQUENCES TO ${r}`,
    `GRANT ${TABLE_RIGHTS} ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT ${SEQUENCE_RIGHTS} ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    ...(appendOnly.length ? [`REVOKE ALL ON ${appendOnly.join(', ')} FROM ${r}`, `GRANT SELECT, INSERT ON ${appendOnly.join(', ')} TO ${r}`] : []),
    ...(readOnly.length ? [`REVOKE ALL ON ${readOnly.join(', ')} FROM ${r}`, `GRANT SELECT ON ${readOnly.join(', ')} TO ${r}`] : []),
    ...APP_ONLY_FUNCTIONS.filter((f) => existingFunctions.includes(f)).map((f) => `GRANT EXECUTE ON FUNCTION ${f} TO ${r}`),
  ];
}

/** Applies `appRoleGrants` as the connected owner; never to the owner itself. */
export async function grantAppRole(owner: pg.Pool | pg.ClientBase, role: string): Promise<void> {
  const me = (await owner.query<{ me: string }>('select current_user as me')).rows[0]!.me;
  if (me === role) return; // revoking from the owner would lock migrations out of their own history
  const tables = (await owner.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`)).rows.map((x) => x.name);
  const functions = (
    await owner.query<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prosecdef`,
    )
  ).rows.map((x) => x.name);
  for (const s of appRoleGrants(role, tables, functions)) await owner.query(s);
}

export interface RolePowers {
  role: string;
  superuser: boolean;
  createRole: boolean;
  bypassRls: boolean;
  /** The role is (a member of) the owner of the database or of its public schema. */
  ownsDatabase: boolean;
  ownsSchema: boolean;
  /** Tables, views and sequences (indexes aside) and functions of the public schema the role owns or may act as owner of. */
  ownedRelations: number;
  ownedFunctions: number;
}

/**
 * What the connected role could do beyond its grants. Ownership counts through membership too: a
 * member of the owning role may `SET ROLE` to it; the owner of a schema may drop its tables; the
 * owner of a function may replace the audit log's trigger function.
 */
export async function rolePowers(db: pg.Pool | pg.ClientBase): Promise<RolePowers> {
  const { rows } = await db.query<{
    role: string; superuser: boolean; createrole: boolean; bypass: boolean;
    owns_database: boolean; owns_schema: boolean; relations: number; functions: number;
  }>(`
    select current_user as role, r.rolsuper as superuser, r.rolcreaterole as createrole, r.rolbypassrls as bypass,
      pg_has_role(current_user, (select datdba from pg_database where datname = current_database()), 'MEMBER') as owns_database,
      coalesce((select pg_has_role(current_user, nspowner, 'MEMBER') from pg_namespace where nspname = 'public'), false) as owns_schema,
      (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
          and pg_has_role(current_user, c.relowner, 'MEMBER')) as relations,
      (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and pg_has_role(current_user, p.proowner, 'MEMBER')) as functions
    from pg_roles r where r.rolname = current_user`);
  const row = rows[0]!;
  return {
    role: row.role,
    superuser: row.superuser,
    createRole: row.createrole,
    bypassRls: row.bypass,
    ownsDatabase: row.owns_database,
    ownsSchema: row.owns_schema,
    ownedRelations: row.relations,
    ownedFunctions: row.functions,
  };
}

/** Why a role is too powerful to run the server as, or null when it is fine. */
export function tooPowerful(p: RolePowers): string | null {
  const who = `the database role ${p.role}`;
  if (p.superuser) return `${who} is a superuser`;
  if (p.createRole) return `${who} may create roles`;
  if (p.bypassRls) return `${who} bypasses row-level security`;
  if (p.ownsDatabase) return `${who} owns the database`;
  if (p.ownsSchema) return `${who} owns the schema public`;
  if (p.ownedRelations > 0) return `${who} owns ${p.ownedRelations} table(s) or sequence(s)`;
  if (p.ownedFunctions > 0) return `${who} owns ${p.ownedFunctions} function(s)`;
  return null;
}
