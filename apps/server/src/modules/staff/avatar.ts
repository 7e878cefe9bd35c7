import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@harbour/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../http/app-error.js';

/**
 * Avatars live under `<HARBOUR_DATA_DIR>/uploads/avatars`, named by 128 random bits so the public
 * image URL cannot be guessed from a staff id. The type is judged by the bytes, never the name.
 */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/;
const EXTENSION: Record<(typeof AVATAR_MIME_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};
export const MIME_OF_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export const avatarDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars');

/** Checks size and content; answers the extension to store the file under. */
export async function checkAvatar(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw badRequest('errors.validation', [{ field: 'avatar', message: 'admin.avatarMissing' }]);
  if (bytes.length > AVATAR_MAX_BYTES) throw badRequest('errors.validation', [{ field: 'avatar', message: 'admin.avatarTooLarge' }]);
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && (AVATAR_MIME_TYPES as readonly string[]).includes(type.mime) ? EXTENSION[type.mime as keyof typeof EXTENSION] : undefined;
  if (!ext) throw badRequest('errors.validation', [{ field: 'avatar', message: 'admin.avatarType' }]);
  return ext;
}

/** Writes the file (before the database points at it, so a stored URL always has its file). */
export async function saveAvatar(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = avatarDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** Removes a replaced or orphaned avatar; a missing file is not an error. */
export async function removeAvatar(dataDir: string, name: string | undefined): Promise<void> {
  if (!name || !AVATAR_NAME.test(name)) return;
  await fs.rm(path.join(avatarDir(dataDir), name), { force: true });
}
