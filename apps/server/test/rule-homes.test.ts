import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSION_KEYS } from '@harbour/contracts';
import { describe, expect, it } from 'vitest';

/**
 * Rules with one home stay with one home: a source scan fails when a second copy of a rule is
 * written (docs/architecture.md, "One home per rule"). Each list of places found is compared
 * whole, so the message names the file that took a copy.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.(test|type-test)\.tsx?$/.test(e.name)) out.push({ file: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, dir));
  return out;
}

const server = sources('apps/server/src');
const web = sources('apps/web/src');
const contracts = sources('packages/contracts/src');
const where = (files: { file: string; text: string }[], pattern: RegExp) => files.filter((f) => pattern.test(f.text)).map((f) => f.file).sort();

describe('one home per rule', () => {
  it('permission: only `may` (platform/context.ts) reads a caller\'s keys', () => {
    // Role and staff administration compare the grants being given with the giver's own
    // ("no wider than one's own"), after the super administrator has already passed: that is a
    // comparison of two sets of keys, not a permission check.
    expect(where(server, /permissions\.has\(/)).toEqual([
      'apps/server/src/modules/roles/service.ts',
      'apps/server/src/modules/staff/write.ts',
      'apps/server/src/platform/context.ts',
    ]);
    expect(where(server, /superAdmin\s*\|\|[^\n]*permissions\.has/)).toEqual(['apps/server/src/platform/context.ts']);
  });

  it('permission: no catalogue key is held as a plain string in the server', () => {
    const plain: string[] = [];
    for (const { file, text } of server) {
      for (const m of text.matchAll(/^.*?(?:const|let)\s+\w+\s*=\s*'([a-z][\w.]*\.[\w.]+)';.*$/gm)) {
        if (PERMISSION_KEYS.has(m[1]!) && !/:\s*PermissionKey\s*=/.test(m[0])) plain.push(`${file}: ${m[1]}`);
      }
      for (const m of text.matchAll(/maskingFor\([^)]*'([\w.]+)'\)/g)) plain.push(`${file}: ${m[1]}`);
    }
    expect(plain).toEqual([]);
  });

  it('masking: only platform/masking.ts calls the domain\'s maskTail in the server', () => {
    expect(where(server, /\bmaskTail\b/)).toEqual(['apps/server/src/platform/masking.ts']);
  });

  it('money: amounts become text through the domain (moneyText, formatMoney), never a toFixed(2) of their own', () => {
    const found = [...server, ...web, ...contracts].flatMap(({ file, text }) =>
      text.split('\n').flatMap((line) => (/\.toFixed\(2\)/.test(line) ? [`${file}: ${/(\w+)\s*[:=]/.exec(line)?.[1] ?? line.trim()}`] : [])),
    );
    // Two rates printed to two places, not money: the statement's annual rate and the papers' rate.
    expect(found).toEqual(['apps/server/src/modules/statements/service.ts: annualRate', 'apps/web/src/pages/loans/papers/papers-model.ts: paperRate']);
  });

  it('money: the web groups amounts for display in one place (components/format.ts `moneyDisplay`)', () => {
    expect(where(web, /\bformatMoney\(/)).toEqual(['apps/web/src/components/format.ts']);
  });
});
