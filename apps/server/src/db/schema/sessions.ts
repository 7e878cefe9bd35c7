import { bigint, bigserial, boolean, char, index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { staff } from './staff.js';
import { stores } from './stores.js';

/**
 * Login sessions (architecture §5). Tokens are opaque random strings; only their SHA-256 hashes
 * are kept, so a copy of the table opens no session.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => stores.id),
    accessHash: char('access_hash', { length: 64 }).notNull().unique(),
    refreshHash: char('refresh_hash', { length: 64 }).notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    accessExpiresAt: instant('access_expires_at').notNull(),
    refreshExpiresAt: instant('refresh_expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** logout | forced | refresh_reuse | idle | forbidden | password_changed */
    revokedReason: varchar('revoked_reason', { length: 32 }),
    ...stamps,
  },
  (t) => [index('sessions_staff_idx').on(t.staffId)],
);

/** Refresh tokens already exchanged; presenting one again means it was stolen, so the session ends. */
export const sessionRotatedTokens = pgTable('session_rotated_tokens', {
  refreshHash: char('refresh_hash', { length: 64 }).primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' })
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  ...stamps,
});

/** Login captchas: single use, short-lived, in PostgreSQL so any instance can check them. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  ip: varchar('ip', { length: 64 }),
  ...stamps,
});

/** Every login try, for the per-address throttle. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: varchar('ip', { length: 64 }).notNull(),
    username: varchar('username', { length: 64 }),
    success: boolean('success').notNull(),
    ...stamps,
  },
  (t) => [index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);
