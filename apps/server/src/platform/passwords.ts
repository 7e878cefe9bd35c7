import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { PASSWORD_MIN } from '@harbour/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { DbOrTx } from '../db/client.js';
import { badRequest } from './errors.js';
import { readSettings } from './settings.js';

/**
 * Argon2id password hashes. Tests use a cheap cost (NODE_ENV=test) so the suite stays fast;
 * everywhere else the OWASP-recommended 19 MiB, 2 passes.
 */
const ARGON2ID = 2 as Algorithm;
const options = (): Options =>
  process.env.NODE_ENV === 'test'
    ? { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options());

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

/** Verified against when the account does not exist, so both answers take the same time. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('harbour-no-such-account'));

/**
 * The password policy (OWASP ASVS 5.0 L2, issue 26 item 9), the one place every new password is
 * checked — staff create and reset by an administrator, the own change, `npm run create-admin`:
 * at least `passwordMinLength` characters (a setting, never below `PASSWORD_MIN` = 12; counted in
 * Unicode code points, so a passphrase in Chinese counts its characters), not one of the common
 * passwords, and no composition rules (ASVS 6.2.5: no "letters and digits").
 */
export async function checkPasswordPolicy(db: DbOrTx, password: string, field = 'password'): Promise<void> {
  const { passwordMinLength } = await readSettings(db, ['passwordMinLength']);
  const min = Math.max(PASSWORD_MIN, passwordMinLength);
  if ([...password].length < min) throw badRequest('errors.validation', [{ field, message: 'validation.passwordTooShort' }], { min });
  if (isCommonPassword(password)) throw badRequest('errors.validation', [{ field, message: 'validation.passwordCommon' }]);
}

/**
 * The common passwords: the ranked list of `@zxcvbn-ts/language-common` (about 49,000 passwords
 * from breach corpora), loaded into a Set once, compared without case (`Password123!` is as
 * guessable as `password123!`).
 */
let common: ReadonlySet<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as readonly string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
