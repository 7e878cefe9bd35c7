// @vitest-environment node
/**
 * Every key of every namespace must exist in zh-TW, en and zh-CN (spec: every string in three
 * languages). Reads the shared catalogue's JSON files (packages/contracts/src/messages, the
 * server's message codes too) from disk, so areas added by anyone are checked as well.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOCALES = ['zh-TW', 'en', 'zh-CN'] as const;
const root = fileURLToPath(new URL('../../../../packages/contracts/src/messages', import.meta.url));

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** Dotted paths of every leaf; arrays count by index so paragraph lists must match in length. */
function leaves(value: Json, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** i18next plural forms differ by language (English has _one/_other, Chinese only _other). */
const stripPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const namespaces = [...new Set(LOCALES.flatMap((l) => readdirSync(join(root, l)).filter((f) => f.endsWith('.json'))))];

describe('translations', () => {
  it('has namespaces', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  for (const file of namespaces) {
    it(`${file} has the same keys in zh-TW, en and zh-CN`, () => {
      const keys: Record<string, Set<string>> = {};
      for (const l of LOCALES) {
        const path = join(root, l, file);
        expect(existsSync(path), `${l}/${file} is missing`).toBe(true);
        const data = JSON.parse(readFileSync(path, 'utf8')) as Json;
        keys[l] = new Set(leaves(data).map(stripPlural));
      }
      const all = new Set(LOCALES.flatMap((l) => [...keys[l]!]));
      const missing = LOCALES.flatMap((l) => [...all].filter((k) => !keys[l]!.has(k)).map((k) => `${l}/${file}: ${k}`));
      expect(missing).toEqual([]);
    });

    it(`${file} has no empty texts`, () => {
      const empty: string[] = [];
      for (const l of LOCALES) {
        const data = JSON.parse(readFileSync(join(root, l, file), 'utf8')) as Json;
        const walk = (v: Json, p: string) => {
          if (typeof v === 'string' && v.trim() === '') empty.push(`${l}/${file}: ${p}`);
          else if (v !== null && typeof v === 'object') Object.entries(v).forEach(([k, c]) => walk(c, p ? `${p}.${k}` : k));
        };
        walk(data, '');
      }
      expect(empty).toEqual([]);
    });
  }
});
