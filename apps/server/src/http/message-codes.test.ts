/**
 * Every message code written in the server's code and in the contracts — AppError and success
 * codes, zod `message:` codes, field error codes, the calculator's `V` — has a text in the shared
 * catalogue (packages/contracts/src/messages), in every language; so does every i18next key the
 * contracts name for the web (`fields:storeName`). Reads the sources, so a new code is checked the
 * day it is written. Codes built at run time have their own checks: `domain.<CODE>` and the
 * loan-terms issues in packages/contracts/src/messages/messages.test.ts, permission and menu names
 * in apps/web/src/shell/catalogue-titles.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOUR_EYES_KINDS, LANGUAGES, PERMISSION_CATALOGUE } from '@harbour/contracts';
import { MESSAGE_AREAS, MESSAGES } from '@harbour/contracts/messages';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const ROOTS = ['apps/server/src', 'packages/contracts/src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'messages' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** `validation.hkid` (a server code) or `fields:storeName` (an i18next key): area, then key. */
const CODE = new RegExp(`^(${MESSAGE_AREAS.join('|')})([.:])([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)$`);
/** Dotted strings that are not texts: permission keys, four-eyes kinds and the audit log's module names. */
const PERMISSION_KEYS = new Set<string>([...PERMISSION_CATALOGUE.map((p) => p.key), ...FOUR_EYES_KINDS]);
const isAuditModule = (node: ts.Node) =>
  ts.isPropertyAssignment(node.parent) && node.parent.initializer === node && node.parent.name.getText() === 'module';

interface Use {
  code: string;
  where: string;
}

function codesIn(file: string): Use[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && CODE.test(node.text)) {
      if (!PERMISSION_KEYS.has(node.text) && !isAuditModule(node)) {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
        uses.push({ code: node.text.replace(':', '.'), where: `${relative(repo, file)}:${line + 1}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

const uses = ROOTS.flatMap((root) => sources(join(repo, root))).flatMap(codesIn);

describe('message codes in the code', () => {
  it('are found (the scan reads the sources)', () => {
    const codes = new Set(uses.map((u) => u.code));
    for (const known of ['errors.validation', 'success.created', 'validation.hkid', 'auth.invalidCredentials', 'admin.usernameTaken', 'holidays.notJson', 'tools.calculatorFailed', 'fields.storeName']) {
      expect(codes, known).toContain(known);
    }
  });

  it.each(LANGUAGES)('all have a text in %s', (lang) => {
    const missing = uses.filter((u) => !Object.hasOwn(MESSAGES[lang], u.code)).map((u) => `${u.where}: ${u.code}`);
    expect(missing).toEqual([]);
  });
});
