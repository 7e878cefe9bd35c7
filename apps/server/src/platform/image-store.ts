import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from './errors.js';

/**
 * Uploaded images (staff avatars, the company logo, article images) under `<HARBOUR_DATA_DIR>/uploads/<folder>`,
 * each named by 128 random bits, so a public image URL cannot be guessed from a record's id. The
 * type is judged by the bytes, never by the file's name or declared type.
 */
export interface ImageStoreOptions {
  folder: string;
  /** The form field the file arrives in, named in validation errors. */
  field: string;
  /** Accepted MIME types and the extension each is stored under. */
  types: Readonly<Record<string, string>>;
  maxBytes: number;
  /** Message codes for a missing file, one over `maxBytes`, and another type. */
  messages: { missing: string; tooLarge: string; type: string };
  /**
   * A further check of an image of an accepted type (its dimensions, say): throws the validation
   * error to answer (`refuse(...)` or a `badRequest` with parameters). Runs before anything is written.
   */
  checkImage?: (bytes: Buffer, mime: string) => void | Promise<void>;
}

export interface ImageStore extends ImageStoreOptions {
  dir(dataDir: string): string;
  /** Whether `name` is one this store could have written (anything else is never read). */
  isName(name: string): boolean;
  mimeOf(name: string): string;
  /** A validation error on the store's field. */
  refuse(message: string): Error;
  /** Checks size and content; answers the extension to store the file under. */
  check(bytes: Buffer): Promise<string>;
  /** Writes the file (before the database points at it, so a stored URL always has its file). */
  save(dataDir: string, bytes: Buffer, ext: string): Promise<string>;
  /** Removes a replaced or orphaned file, by name or URL; a missing file is not an error. */
  remove(dataDir: string, nameOrUrl: string | null | undefined): Promise<void>;
}

export function imageStore(options: ImageStoreOptions): ImageStore {
  const extensions = [...new Set(Object.values(options.types))];
  const namePattern = new RegExp(`^[0-9a-f]{32}\\.(${extensions.join('|')})$`);
  const mimeOfExtension = Object.fromEntries(Object.entries(options.types).map(([mime, ext]) => [ext, mime]));
  const dir = (dataDir: string) => path.join(dataDir, 'uploads', options.folder);
  const refuse = (message: string) => badRequest('errors.validation', [{ field: options.field, message }]);
  return {
    ...options,
    dir,
    refuse,
    isName: (name) => namePattern.test(name),
    mimeOf: (name) => mimeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    async check(bytes) {
      if (bytes.length === 0) throw refuse(options.messages.missing);
      if (bytes.length > options.maxBytes) throw refuse(options.messages.tooLarge);
      const type = await fileTypeFromBuffer(bytes);
      const ext = type && Object.hasOwn(options.types, type.mime) ? options.types[type.mime] : undefined;
      if (!ext || !type) throw refuse(options.messages.type);
      await options.checkImage?.(bytes, type.mime);
      return ext;
    },
    async save(dataDir, bytes, ext) {
      await fs.mkdir(dir(dataDir), { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await fs.writeFile(path.join(dir(dataDir), name), bytes, { flag: 'wx' });
      return name;
    },
    async remove(dataDir, nameOrUrl) {
      const name = nameOrUrl?.slice(nameOrUrl.lastIndexOf('/') + 1);
      if (!name || !namePattern.test(name)) return;
      await fs.rm(path.join(dir(dataDir), name), { force: true });
    },
  };
}
