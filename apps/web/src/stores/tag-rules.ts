/**
 * Tags view and page cache logic (spec §2, §4), pure so it is tested without a browser.
 * A tab is keyed by the full path (path + query): the same route with other parameters is
 * another tab. The page cache is a least-recently-used list of full paths, at most 20 long.
 */
export interface TagView {
  fullPath: string;
  /** Route name (only named routes get a tab). */
  name: string;
  /** i18n key of the title. */
  title?: string;
  /** Affixed tabs (the dashboard) cannot be closed. */
  affix?: boolean;
}

export const MAX_CACHED_PAGES = 20;

export function addTag(tags: readonly TagView[], tag: TagView): TagView[] {
  const i = tags.findIndex((t) => t.fullPath === tag.fullPath);
  if (i < 0) return [...tags, tag];
  const copy = [...tags];
  copy[i] = { ...copy[i]!, ...tag };
  return copy;
}

export function closeTag(tags: readonly TagView[], fullPath: string): TagView[] {
  return tags.filter((t) => t.fullPath !== fullPath || t.affix);
}

export function closeOtherTags(tags: readonly TagView[], fullPath: string): TagView[] {
  return tags.filter((t) => t.affix || t.fullPath === fullPath);
}

export function closeAllTags(tags: readonly TagView[]): TagView[] {
  return tags.filter((t) => t.affix);
}

/** Where to go after the active tab closed: the last remaining tab, or `/` when none is left. */
export function pathAfterClosing(remaining: readonly TagView[]): string {
  return remaining.at(-1)?.fullPath ?? '/';
}

/** Marks `key` as most recently used; drops the least recently used beyond `max`. */
export function touchCache(cache: readonly string[], key: string, max = MAX_CACHED_PAGES): string[] {
  const next = [...cache.filter((k) => k !== key), key];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function dropFromCache(cache: readonly string[], keys: readonly string[]): string[] {
  return cache.filter((k) => !keys.includes(k));
}

/**
 * A `replace` navigation within one page (a list page writing its page, sort and filters into the
 * query) moves the tab from `from` to `tag.fullPath` in place; another tab that already had the
 * new full path is dropped so no two tabs share it. Without a `from` tab it is a plain `addTag`.
 */
export function renameTag(tags: readonly TagView[], from: string, tag: TagView): TagView[] {
  const i = tags.findIndex((t) => t.fullPath === from);
  if (i < 0 || from === tag.fullPath) return addTag(tags, tag);
  return tags.flatMap((t, j) =>
    j === i ? [{ ...t, ...tag }] : t.fullPath === tag.fullPath && !t.affix ? [] : [t],
  );
}

/** The page cache with `from` renamed to `to` at its place (an older `to` is dropped). */
export function renameInCache(cache: readonly string[], from: string, to: string): string[] {
  if (from === to || !cache.includes(from)) return [...cache];
  return cache.filter((k) => k !== to).map((k) => (k === from ? to : k));
}

/**
 * The React key of the page mounted for `fullPath`: remembered in `mounts` once given, so a page
 * whose full path was renamed keeps its key (and its state); a new page gets its full path, or a
 * variant of it when a renamed page already holds that key.
 */
export function mountKeyOf(mounts: Readonly<Record<string, string>>, fullPath: string): string {
  const known = mounts[fullPath];
  if (known) return known;
  const taken = new Set(Object.values(mounts));
  let key = fullPath;
  while (taken.has(key)) key += '+';
  return key;
}

/** The path part of a full path (`/loan/list?page=2` → `/loan/list`). */
export const pathnameOf = (fullPath: string): string => fullPath.split('?')[0] ?? fullPath;
