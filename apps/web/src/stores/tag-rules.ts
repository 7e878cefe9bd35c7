/**
 * Tags view and page cache logic (spec §2, §4), pure so it is tested without a browser.
 * One tab per page (its path): the same page with other parameters — another loan at the
 * counter, a report run again — takes the page's tab over, and the tab's title names the record
 * it shows (`detail`). The tab remembers the full path (path + query) it shows. The page cache is
 * a least-recently-used list of full paths, at most 20 long.
 */
export interface TagView {
  fullPath: string;
  /** Route name (only named routes get a tab). */
  name: string;
  /** i18n key of the title. */
  title?: string;
  /** Affixed tabs (the dashboard) cannot be closed, and are there from the start. */
  affix?: boolean;
  /** The record the page shows, after its title (`還款處理 · LN2026…`); set by the page. */
  detail?: string;
}

export const MAX_CACHED_PAGES = 20;

/** The page a full path belongs to: one tab per page. */
export const pageKeyOf = (fullPath: string): string => pathnameOf(fullPath);

/** The tab of the page `fullPath` belongs to, whichever parameters it shows now. */
export function tabOfPage(tags: readonly TagView[], fullPath: string): TagView | undefined {
  const key = pageKeyOf(fullPath);
  return tags.find((t) => pageKeyOf(t.fullPath) === key);
}

/**
 * Adds the tab, or moves the page's tab to the full path in place (its record's detail goes: the
 * page names the new record once it has it).
 */
export function addTag(tags: readonly TagView[], tag: TagView): TagView[] {
  const key = pageKeyOf(tag.fullPath);
  const i = tags.findIndex((t) => pageKeyOf(t.fullPath) === key);
  if (i < 0) return [...tags, tag];
  const old = tags[i]!;
  const copy = [...tags];
  copy[i] = { ...(old.fullPath === tag.fullPath ? old : withoutDetail(old)), ...tag };
  return copy;
}

function withoutDetail(tag: TagView): TagView {
  const { detail: _detail, ...rest } = tag;
  return rest;
}

/** The affixed tabs first, each once, whether or not their page was opened yet. */
export function withAffixed(tags: readonly TagView[], affixed: readonly TagView[]): TagView[] {
  const missing = affixed.filter((a) => !tags.some((t) => pageKeyOf(t.fullPath) === pageKeyOf(a.fullPath)));
  return missing.length ? [...missing, ...tags] : [...tags];
}

/** The tab showing `fullPath` names its record `detail` (no change when it already does). */
export function setTagDetail(tags: readonly TagView[], fullPath: string, detail: string | undefined): TagView[] {
  const i = tags.findIndex((t) => t.fullPath === fullPath);
  if (i < 0 || tags[i]!.detail === detail) return tags as TagView[];
  const copy = [...tags];
  copy[i] = detail ? { ...tags[i]!, detail } : withoutDetail(tags[i]!);
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
