// @vitest-environment node
/**
 * Fails when JSX shows a literal user-visible string instead of a translation: text between tags,
 * or a string literal in a user-visible prop (title, placeholder, label, alt, aria-label, …)
 * containing letters or CJK characters. Scans every `src/**\/*.tsx` (other areas' pages too).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcRoot = fileURLToPath(new URL('..', import.meta.url));

const VISIBLE_PROPS = new Set([
  'title',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'aria-description',
  'tooltip',
  'okText',
  'cancelText',
  'content',
  'description',
  'subTitle',
  'extra',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'prefix',
  'suffix',
  'help',
  'message',
  'checkedChildren',
  'unCheckedChildren',
]);

/** Literal texts that are not language: product-neutral symbols and codes. */
const ALLOWLIST = new Set<string>(['HKD', 'HK$', 'JPG', 'PNG', 'GIF']);

const WORDY = /[A-Za-z\u3400-\u9fff\uf900-\ufaff]/;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : tsxFiles(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

export function literalTexts(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean || !WORDY.test(clean) || ALLOWLIST.has(clean)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${fileName}:${line + 1}: ${JSON.stringify(clean)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      if (VISIBLE_PROPS.has(name)) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(init, init.text);
        else if (ts.isJsxExpression(init) && init.expression) {
          const e = init.expression;
          if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) report(e, e.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no literal user-visible strings in JSX', () => {
  it('detects a literal (self-check)', () => {
    expect(literalTexts('x.tsx', '<div title="Hello">World {t("a")}</div>')).toHaveLength(2);
    expect(literalTexts('x.tsx', '<p aria-label={t("a")}>{t("b")} · 12</p>')).toHaveLength(0);
    expect(literalTexts('x.tsx', '<span>你好</span>')).toHaveLength(1);
  });

  it('finds none in src/**/*.tsx', () => {
    const files = tsxFiles(srcRoot);
    expect(files.length).toBeGreaterThan(0);
    const offenders = files.flatMap((f) => literalTexts(relative(srcRoot, f), readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
