import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

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
