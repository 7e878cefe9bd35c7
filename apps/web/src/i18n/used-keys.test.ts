// @vitest-environment node
/**
 * Every translation key the web's code asks for by a literal — `t('ns:key')`, or `t('key')` in a
 * file whose `useTranslation('ns')` names one namespace — has a text in zh-TW, en AND zh-CN, and
 * when the call passes its values as an object literal, every `{{placeholder}}` of each language's
 * text is one of them. The compiler checks neither (`t` takes any string), and i18next shows a raw
 * key or an unfilled `{{name}}` instead of failing. Keys built at run time (`t(\`enums:${x}\`)`)
 * are checked by their own tests (catalogue titles, enums, message codes).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LOCALES = ['zh-TW', 'en', 'zh-CN'] as const;
const srcRoot = fileURLToPath(new URL('..', import.meta.url));
const messages = fileURLToPath(new URL('../../../../packages/contracts/src/messages', import.meta.url));

type Tree = { [k: string]: unknown };
const bundles = new Map<string, Tree>();
const bundle = (lng: string, ns: string): Tree | undefined => {
  const id = `${lng}/${ns}`;
  if (!bundles.has(id)) {
    const path = join(messages, lng, `${ns}.json`);
    let tree: Tree | undefined;
    try {
      tree = JSON.parse(readFileSync(path, 'utf8')) as Tree;
    } catch {
      tree = undefined;
    }
    bundles.set(id, tree as Tree);
  }
  return bundles.get(id);
};
const lookup = (tree: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

/** The texts of a key in one language: the key itself, or its plural forms (i18next `count`). */
function texts(lng: string, ns: string, key: string): string[] {
  const tree = bundle(lng, ns);
  const own = lookup(tree, key);
  if (typeof own === 'string') return [own];
  const dot = key.lastIndexOf('.');
  const parent = dot < 0 ? tree : lookup(tree, key.slice(0, dot));
  const leaf = key.slice(dot + 1);
  if (!parent || typeof parent !== 'object') return [];
  return Object.entries(parent as Tree)
    .filter(([k, v]) => typeof v === 'string' && new RegExp(`^${leaf}_(zero|one|two|few|many|other)$`).test(k))
    .map(([, v]) => v as string);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)(?:\s*,[^}]*)?\s*\}\}/g)].map((m) => m[1]!);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

interface Use {
  ns: string;
  key: string;
  /** The names the call fills, when it passes an object literal; undefined when it passes none or an expression. */
  values: string[] | undefined;
  where: string;
}

const literal = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** The namespace of a file's `useTranslation('ns')` / `useTranslation(['ns', …])`, when the file names exactly one default. */
function defaultNamespace(sf: ts.SourceFile): string | undefined {
  const found = new Set<string>();
  let other = false;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useTranslation') {
      const arg = node.arguments[0];
      const ns = literal(arg) ?? (arg && ts.isArrayLiteralExpression(arg) ? literal(arg.elements[0]) : undefined);
      if (ns) found.add(ns);
      else other = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return !other && found.size === 1 ? [...found][0] : undefined;
}

function usesIn(file: string): Use[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const fallback = defaultNamespace(sf);
  const uses: Use[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      const text = literal(node.arguments[0]);
      if (name === 't' && text !== undefined) {
        const m = /^([A-Za-z][\w-]*):([\w-]+(?:\.[\w-]+)*)$/.exec(text);
        const [ns, key] = m ? [m[1]!, m[2]!] : /^[\w-]+(?:\.[\w-]+)*$/.test(text) ? [fallback, text] : [undefined, undefined];
        if (ns && key) {
          const second = node.arguments[1];
          const values =
            second && ts.isObjectLiteralExpression(second) && second.properties.every((p) => !ts.isSpreadAssignment(p))
              ? second.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : []))
              : undefined;
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
          uses.push({ ns, key, values, where: `${relative(srcRoot, file)}:${line + 1}` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

const uses = sources(srcRoot).flatMap(usesIn);

describe('translation keys the web asks for', () => {
  it('are found (the scan reads the sources)', () => {
    const found = new Set(uses.map((u) => `${u.ns}:${u.key}`));
    expect(uses.length).toBeGreaterThan(1000);
    for (const known of ['admin:resource.cancel', 'validation:tooLong', 'shell:errorLog.boundaryTitle', 'errors:tokenInvalid']) expect(found, known).toContain(known);
  });

  it.each(LOCALES)('all have a text in %s', (lng) => {
    const missing = uses.filter((u) => texts(lng, u.ns, u.key).length === 0).map((u) => `${u.where}: ${u.ns}:${u.key}`);
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('get every placeholder of their %s text filled by the call', (lng) => {
    const unfilled = uses
      .filter((u) => u.values !== undefined)
      .flatMap((u) =>
        texts(lng, u.ns, u.key)
          .flatMap(placeholders)
          .filter((p) => !u.values!.includes(p))
          .map((p) => `${u.where}: ${u.ns}:${u.key} {{${p}}}`),
      );
    expect([...new Set(unfilled)]).toEqual([]);
  });
});
