/** Visited tabs and the page cache of the current browser tab (not persisted: a reload starts afresh). */
import { create } from 'zustand';
import {
  addTag,
  closeAllTags,
  closeOtherTags,
  closeTag,
  dropFromCache,
  touchCache,
  type TagView,
} from '../shell/tags.js';

interface TagsState {
  visited: TagView[];
  /** Full paths of the pages kept alive, least recently used first. */
  cached: string[];
  /** Bumped per full path on refresh so the page is mounted afresh. */
  generation: Record<string, number>;
  visit: (tag: TagView | undefined, fullPath: string, cacheable: boolean) => void;
  close: (fullPath: string) => TagView[];
  closeOthers: (fullPath: string) => TagView[];
  closeAll: () => TagView[];
  refresh: (fullPath: string) => void;
  reset: () => void;
}

export const useTags = create<TagsState>()((set, get) => ({
  visited: [],
  cached: [],
  generation: {},
  visit: (tag, fullPath, cacheable) =>
    set((s) => ({
      visited: tag ? addTag(s.visited, tag) : s.visited,
      cached: cacheable ? touchCache(s.cached, fullPath) : s.cached,
    })),
  close: (fullPath) => {
    const visited = closeTag(get().visited, fullPath);
    const closed = get().visited.some((t) => t.fullPath === fullPath && !t.affix);
    set((s) => ({ visited, cached: closed ? dropFromCache(s.cached, [fullPath]) : s.cached }));
    return visited;
  },
  closeOthers: (fullPath) => {
    const visited = closeOtherTags(get().visited, fullPath);
    const keep = new Set(visited.map((t) => t.fullPath));
    set((s) => ({ visited, cached: s.cached.filter((k) => keep.has(k)) }));
    return visited;
  },
  closeAll: () => {
    const visited = closeAllTags(get().visited);
    const keep = new Set(visited.map((t) => t.fullPath));
    set((s) => ({ visited, cached: s.cached.filter((k) => keep.has(k)) }));
    return visited;
  },
  refresh: (fullPath) =>
    set((s) => ({
      cached: dropFromCache(s.cached, [fullPath]),
      generation: { ...s.generation, [fullPath]: (s.generation[fullPath] ?? 0) + 1 },
    })),
  reset: () => set({ visited: [], cached: [], generation: {} }),
}));
