import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../db/client.js';
import { storedFileChunks, storedFiles } from '../db/schema/index.js';
import { badRequest } from './errors.js';

/** A stored file's bytes go into rows of this size (the last one shorter). */
export const FILE_CHUNK_BYTES = 256 * 1024;

/**
 * Uploaded files (loan documents, staff avatars, the company logo, article images) kept in
 * PostgreSQL (`stored_files` + `stored_file_chunks`), so instances share nothing but the database.
 * Each is named by 128 random bits, so a public image URL cannot be guessed from a record's id;
 * its key is `<folder>/<name>`, so one store never reads another's files. The type is judged by
 * the bytes, never by the file's name or declared type.
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
  /** The folder files were kept in before they moved into the database (read only by `importLegacyUploads`). */
  legacyDir(dataDir: string): string;
  /** Whether `name` is one this store could have written (anything else is never read). */
  isName(name: string): boolean;
  mimeOf(name: string): string;
  /** A validation error on the store's field. */
  refuse(message: string): Error;
  /** Checks size and content; answers the extension to store the file under. */
  check(bytes: Buffer): Promise<string>;
  /**
   * Writes the file in `db` (give the caller's transaction, so the row pointing at it commits
   * with it, or neither does); answers its new name.
   */
  save(db: DbOrTx, bytes: Buffer, ext: string): Promise<string>;
  /** Writes the file under a name it already has (moving a file in from the old uploads folder). */
  saveAs(db: DbOrTx, name: string, bytes: Buffer): Promise<void>;
  /** Whether the file `name` (or a URL ending in it) is stored. */
  exists(db: DbOrTx, nameOrUrl: string): Promise<boolean>;
  /**
   * The file's bytes as a stream, read one chunk at a time in order (never the whole file in
   * memory), or null when there is no such file. The first chunk is read before answering.
   */
  read(db: DbOrTx, name: string): Promise<{ contentType: string; size: number; stream: Readable } | null>;
  /** The whole file (for one that must be reworked as a whole, an ID card to watermark), or null. */
  readAll(db: DbOrTx, name: string): Promise<Buffer | null>;
  /** Removes a replaced or orphaned file, by name or URL; a missing file is not an error. */
  remove(db: DbOrTx, nameOrUrl: string | null | undefined): Promise<void>;
}

export function imageStore(options: ImageStoreOptions): ImageStore {
  const extensions = [...new Set(Object.values(options.types))];
  const namePattern = new RegExp(`^[0-9a-f]{32}\\.(${extensions.join('|')})$`);
  const mimeOfExtension = Object.fromEntries(Object.entries(options.types).map(([mime, ext]) => [ext, mime]));
  const refuse = (message: string) => badRequest('errors.validation', [{ field: options.field, message }]);
  const mimeOf = (name: string) => mimeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  const nameOf = (nameOrUrl: string | null | undefined) => {
    const name = nameOrUrl?.slice(nameOrUrl.lastIndexOf('/') + 1);
    return name && namePattern.test(name) ? name : null;
  };
  const keyOf = (name: string) => `${options.folder}/${name}`;
  const chunk = async (db: DbOrTx, key: string, seq: number) =>
    (await db.select({ data: storedFileChunks.data }).from(storedFileChunks).where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq))))[0]?.data;

  const write = async (db: DbOrTx, name: string, bytes: Buffer) => {
    const key = keyOf(name);
    await db.insert(storedFiles).values({ key, contentType: mimeOf(name), size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    for (let seq = 0; seq * FILE_CHUNK_BYTES < bytes.length; seq += 1) {
      await db.insert(storedFileChunks).values({ key, seq, data: bytes.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES) });
    }
  };

  const read: ImageStore['read'] = async (db, nameOrUrl) => {
    const name = nameOf(nameOrUrl);
    if (!name) return null;
    const key = keyOf(name);
    const [file] = await db.select({ contentType: storedFiles.contentType, size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key));
    if (!file) return null;
    const first = await chunk(db, key, 0);
    if (!first) return null;
    async function* chunks() {
      yield first!;
      for (let seq = 1; ; seq += 1) {
        const next = await chunk(db, key, seq);
        if (!next) return;
        yield next;
      }
    }
    return { ...file, stream: Readable.from(chunks(), { objectMode: false }) };
  };

  return {
    ...options,
    legacyDir: (dataDir) => path.join(dataDir, 'uploads', options.folder),
    refuse,
    isName: (name) => namePattern.test(name),
    mimeOf,
    async check(bytes) {
      if (bytes.length === 0) throw refuse(options.messages.missing);
      if (bytes.length > options.maxBytes) throw refuse(options.messages.tooLarge);
      const type = await fileTypeFromBuffer(bytes);
      const ext = type && Object.hasOwn(options.types, type.mime) ? options.types[type.mime] : undefined;
      if (!ext || !type) throw refuse(options.messages.type);
      await options.checkImage?.(bytes, type.mime);
      return ext;
    },
    async save(db, bytes, ext) {
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await write(db, name, bytes);
      return name;
    },
    async saveAs(db, name, bytes) {
      if (!namePattern.test(name)) throw new Error(`not a stored file's name: ${name}`);
      await write(db, name, bytes);
    },
    async exists(db, nameOrUrl) {
      const name = nameOf(nameOrUrl);
      if (!name) return false;
      return (await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, keyOf(name)))).length > 0;
    },
    read,
    async readAll(db, name) {
      const file = await read(db, name);
      if (!file) return null;
      const parts: Buffer[] = [];
      for await (const part of file.stream) parts.push(part as Buffer);
      return Buffer.concat(parts, file.size);
    },
    async remove(db, nameOrUrl) {
      const name = nameOf(nameOrUrl);
      if (name) await db.delete(storedFiles).where(eq(storedFiles.key, keyOf(name)));
    },
  };
}
