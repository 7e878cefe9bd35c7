/**
 * Visited tabs and the page cache of the current browser tab (not persisted: a reload starts afresh
 * with the affixed tabs, which `pin` puts back).
 */
import type { Location } from 'react-router';
import { create } from 'zustand';
import type { FlatRoute } from '../api/types.js';
import {
  addTag,
  closeAllTags,
  closeOtherTags,
  closeTag,
  dropFromCache,
  mountKeyOf,
  renameInCache,
  renameTag,
  setTagDetail,
  tabOfPage,
  touchCache,
  withAffixed,
  type TagView,
} from './tag-rules.js';

/** What a kept-alive page renders with: its own URL and route, not the current one. */
export interface CachedPage {
  location: Location;
  route: FlatRoute;
}

const keepEntries = (entries: Record<string, CachedPage>, cached: readonly string[]) =>
  Object.fromEntries(cached.flatMap((k) => (entries[k] ? [[k, entries[k]] as const] : [])));

interface TagsState {
  visited: TagView[];
  /** Full paths of the pages kept alive, least recently used first. */
  cached: string[];
  entries: Record<string, CachedPage>;
  /** Bumped per full path on refresh so the page is mounted afresh. */
  generation: Record<string, number>;
  /** React key of each page by full path; kept when a `replace` navigation renames the full path. */
  mounts: Record<string, string>;
  /** Full path of the page shown last. */
  active: string | undefined;
  /**
   * Records a visit. With `replaceFrom` (a `replace` navigation from that full path to another
   * query of the same page) the tab and the cached page of `replaceFrom` move to `fullPath` in
   * place and keep their mounted page; otherwise a new full path opens another tab.
   */
  visit: (
    tag: TagView | undefined,
    fullPath: string,
    page: CachedPage | undefined,
    replaceFrom?: string,
  ) => void;
  /** The affixed tabs (the dashboard) in front, from the start of the shell. */
  pin: (affixed: readonly TagView[]) => void;
  /** The page at `fullPath` names the record it shows in its tab's title. */
  setDetail: (fullPath: string, detail: string | undefined) => void;
  close: (fullPath: string) => TagView[];
  closeOthers: (fullPath: string) => TagView[];
  closeAll: () => TagView[];
  refresh: (fullPath: string) => void;
  reset: () => void;
}

export const useTags = create<TagsState>()((set, get) => ({
  visited: [],
  cached: [],
  entries: {},
  generation: {},
  mounts: {},
  active: undefined,
  visit: (tag, fullPath, page, replaceFrom) =>
    set((s) => {
      const from = replaceFrom !== undefined && replaceFrom !== fullPath ? replaceFrom : undefined;
      // The page's tab showed other parameters (another record): the tab moves to this full path,
      // and the page it showed leaves the cache, so the page mounts afresh for this record.
      const shown = from === undefined && tag ? tabOfPage(s.visited, fullPath)?.fullPath : undefined;
      const left = shown !== undefined && shown !== fullPath ? shown : undefined;
      const kept = left === undefined ? s.cached : dropFromCache(s.cached, [left]);
      const base = from === undefined ? kept : renameInCache(kept, from, fullPath);
      const cached = page ? touchCache(base, fullPath) : base;
      const visited = tag
        ? from === undefined
          ? addTag(s.visited, tag)
          : renameTag(s.visited, from, tag)
        : s.visited;
      const generation = { ...s.generation };
      const mounts = { ...s.mounts };
      if (from !== undefined) {
        mounts[fullPath] = mountKeyOf(s.mounts, from);
        delete mounts[from];
        if (generation[from] === undefined) delete generation[fullPath];
        else generation[fullPath] = generation[from];
        delete generation[from];
      } else {
        // a key of its own, never the one of the page it replaces, so that page's state goes with it
        mounts[fullPath] = mountKeyOf(s.mounts, fullPath);
        if (left !== undefined) delete mounts[left];
      }
      const live = new Set([...visited.map((t) => t.fullPath), ...cached, fullPath]);
      return {
        visited,
        cached,
        entries: page
          ? keepEntries({ ...s.entries, [fullPath]: page }, cached)
          : keepEntries(s.entries, cached),
        generation,
        mounts: Object.fromEntries(Object.entries(mounts).filter(([k]) => live.has(k))),
        active: fullPath,
      };
    }),
  pin: (affixed) => set((s) => ({ visited: withAffixed(s.visited, affixed) })),
  setDetail: (fullPath, detail) => set((s) => ({ visited: setTagDetail(s.visited, fullPath, detail) })),
  close: (fullPath) => {
    const visited = closeTag(get().visited, fullPath);
    const closed = get().visited.some((t) => t.fullPath === fullPath && !t.affix);
    set((s) => {
      const cached = closed ? dropFromCache(s.cached, [fullPath]) : s.cached;
      return { visited, cached, entries: keepEntries(s.entries, cached) };
    });
    return visited;
  },
  closeOthers: (fullPath) => {
    const visited = closeOtherTags(get().visited, fullPath);
    const keep = new Set(visited.map((t) => t.fullPath));
    set((s) => {
      const cached = s.cached.filter((k) => keep.has(k));
      return { visited, cached, entries: keepEntries(s.entries, cached) };
    });
    return visited;
  },
  closeAll: () => {
    const visited = closeAllTags(get().visited);
    const keep = new Set(visited.map((t) => t.fullPath));
    set((s) => {
      const cached = s.cached.filter((k) => keep.has(k));
      return { visited, cached, entries: keepEntries(s.entries, cached) };
    });
    return visited;
  },
  refresh: (fullPath) =>
    set((s) => ({
      cached: dropFromCache(s.cached, [fullPath]),
      entries: keepEntries(s.entries, dropFromCache(s.cached, [fullPath])),
      generation: { ...s.generation, [fullPath]: (s.generation[fullPath] ?? 0) + 1 },
    })),
  reset: () => set({ visited: [], cached: [], entries: {}, generation: {}, mounts: {}, active: undefined }),
}));
