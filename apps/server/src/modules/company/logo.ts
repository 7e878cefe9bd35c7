import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MIME_TYPES } from '@harbour/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../http/app-error.js';

/**
 * Company logos live under `<HARBOUR_DATA_DIR>/uploads/company`, named by 128 random bits (like
 * staff avatars). The type is judged by the bytes, never by the file's name or declared type.
 */
export const LOGO_NAME = /^[0-9a-f]{32}\.(jpg|png)$/;
const EXTENSION: Record<(typeof COMPANY_LOGO_MIME_TYPES)[number], string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
export const LOGO_MIME_OF_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

export const logoDir = (dataDir: string) => path.join(dataDir, 'uploads', 'company');

const refuse = (message: string) => badRequest('errors.validation', [{ field: 'logo', message }]);

/** Checks size and content; answers the extension to store the file under. */
export async function checkLogo(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw refuse('company.logoMissing');
  if (bytes.length > COMPANY_LOGO_MAX_BYTES) throw refuse('company.logoTooLarge');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && Object.hasOwn(EXTENSION, type.mime) ? EXTENSION[type.mime as keyof typeof EXTENSION] : undefined;
  if (!ext) throw refuse('company.logoType');
  return ext;
}

/** Writes the file (before the database points at it, so a stored URL always has its file). */
export async function saveLogo(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = logoDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** Removes a replaced or orphaned logo (by its name or URL); a missing file is not an error. */
export async function removeLogo(dataDir: string, nameOrUrl: string | null | undefined): Promise<void> {
  const name = nameOrUrl?.slice(nameOrUrl.lastIndexOf('/') + 1);
  if (!name || !LOGO_NAME.test(name)) return;
  await fs.rm(path.join(logoDir(dataDir), name), { force: true });
}
