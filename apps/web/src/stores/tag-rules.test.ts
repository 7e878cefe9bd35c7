import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addTag,
  closeAllTags,
  closeOtherTags,
  closeTag,
  MAX_CACHED_PAGES,
  pathAfterClosing,
  setTagDetail,
  touchCache,
  withAffixed,
  type TagView,
} from './tag-rules.js';

const dash: TagView = { fullPath: '/dashboard', name: 'Dashboard', affix: true };
const tag = (p: string): TagView => ({ fullPath: p, name: p });

describe('tags view', () => {
  it('adds one tab per page; other parameters of the page take its tab over, in place', () => {
    let tags = addTag([dash], tag('/loan/list'));
    tags = addTag(tags, tag('/loan/list'));
    tags = addTag(tags, tag('/repayment/process?loanId=1'));
    tags = addTag(tags, tag('/loan/edit/1'));
    tags = addTag(tags, tag('/loan/edit/2'));
    tags = addTag(tags, tag('/loan/list?page=2'));
    tags = addTag(tags, tag('/repayment/process?loanId=2'));
    expect(tags.map((t) => t.fullPath)).toEqual(['/dashboard', '/loan/list?page=2', '/repayment/process?loanId=2', '/loan/edit/1', '/loan/edit/2']);
  });

  it('names the record a tab shows until the page shows another', () => {
    let tags = addTag([dash], tag('/repayment/process?loanId=1'));
    tags = setTagDetail(tags, '/repayment/process?loanId=1', 'LN0001');
    expect(tags[1]!.detail).toBe('LN0001');
    expect(addTag(tags, tag('/repayment/process?loanId=1'))[1]!.detail).toBe('LN0001');
    expect(addTag(tags, tag('/repayment/process?loanId=2'))[1]).toEqual({ fullPath: '/repayment/process?loanId=2', name: '/repayment/process?loanId=2' });
    expect(setTagDetail(tags, '/repayment/process?loanId=1', undefined)[1]).not.toHaveProperty('detail');
    expect(setTagDetail(tags, '/elsewhere', 'X')).toBe(tags);
  });

  it('puts the affixed tabs in front once, opened or not', () => {
    expect(withAffixed([tag('/a')], [dash]).map((t) => t.fullPath)).toEqual(['/dashboard', '/a']);
    expect(withAffixed([tag('/a'), dash], [dash]).map((t) => t.fullPath)).toEqual(['/a', '/dashboard']);
  });

  it('closes a tab but never an affixed one', () => {
    const tags = [dash, tag('/a'), tag('/b')];
    expect(closeTag(tags, '/a').map((t) => t.fullPath)).toEqual(['/dashboard', '/b']);
    expect(closeTag(tags, '/dashboard')).toHaveLength(3);
  });

  it('close others keeps the affixed tabs and the chosen one', () => {
    const tags = [dash, tag('/a'), tag('/b'), tag('/c')];
    expect(closeOtherTags(tags, '/b').map((t) => t.fullPath)).toEqual(['/dashboard', '/b']);
  });

  it('close all keeps only affixed tabs', () => {
    expect(closeAllTags([dash, tag('/a'), tag('/b')])).toEqual([dash]);
  });

  it('after closing the active tab goes to the last remaining tab, or / when none', () => {
    expect(pathAfterClosing([dash, tag('/a')])).toBe('/a');
    expect(pathAfterClosing([])).toBe('/');
  });
});

describe('page cache (LRU of 20)', () => {
  it('drops the least recently used page when the 21st is opened', () => {
    let cache: string[] = [];
    for (let i = 1; i <= 21; i++) cache = touchCache(cache, `/p/${i}`);
    expect(cache).toHaveLength(MAX_CACHED_PAGES);
    expect(cache).not.toContain('/p/1');
    expect(cache.at(-1)).toBe('/p/21');
  });

  it('revisiting a page makes it the most recent, so another page is dropped instead', () => {
    let cache: string[] = [];
    for (let i = 1; i <= 20; i++) cache = touchCache(cache, `/p/${i}`);
    cache = touchCache(cache, '/p/1');
    cache = touchCache(cache, '/p/21');
    expect(cache).toContain('/p/1');
    expect(cache).not.toContain('/p/2');
  });

  it('never exceeds the limit, never duplicates, and always holds the last page visited', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 200 }), (visits) => {
        let cache: string[] = [];
        for (const v of visits) {
          cache = touchCache(cache, `/p/${v}`);
          expect(cache.length).toBeLessThanOrEqual(MAX_CACHED_PAGES);
          expect(new Set(cache).size).toBe(cache.length);
          expect(cache.at(-1)).toBe(`/p/${v}`);
        }
      }),
    );
  });
});
