// @vitest-environment node
/**
 * Every menu title and permission name the server can send (the permission catalogue in
 * packages/contracts) has a translation in all three languages, and every menu icon it names is
 * mapped; otherwise a new menu entry would show a raw key or a placeholder icon.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE, PERMISSION_GROUPS } from '@harbour/contracts';
import { KNOWN_ICONS } from './icons.js';

const read = (lng: string, ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../packages/contracts/src/messages/${lng}/${ns}.json`, import.meta.url)), 'utf8')) as Record<string, unknown>;

const lookup = (tree: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

const names = [
  ...PERMISSION_CATALOGUE.map((p) => p.name),
  ...PERMISSION_GROUPS.map((g) => `shell:menu.group.${g.key}`),
];

describe('permission catalogue titles', () => {
  for (const lng of ['zh-TW', 'en', 'zh-CN']) {
    it(`are all translated in ${lng}`, () => {
      const missing = names.filter((n) => {
        const [ns, key] = n.split(':') as [string, string];
        return typeof lookup(read(lng, ns), key) !== 'string';
      });
      expect(missing).toEqual([]);
    });
  }

  it('use only mapped menu icons', () => {
    const icons = [
      ...PERMISSION_GROUPS.map((g) => g.icon),
      ...PERMISSION_CATALOGUE.flatMap((p) => (p.menu?.icon ? [p.menu.icon] : [])),
    ];
    expect(icons.filter((i) => !KNOWN_ICONS.includes(i))).toEqual([]);
  });
});
