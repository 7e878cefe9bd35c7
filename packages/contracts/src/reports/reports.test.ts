import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '../permissions/index.js';
import { LANGUAGES } from '../errors.js';
import { MESSAGES } from '../messages/index.js';
import { REPORT_NAMES, REPORTS } from './index.js';

describe('report declarations', () => {
  it.each(LANGUAGES)('name every report, column and parameter in %s (the print view shows each label)', (lang) => {
    const has = (...keys: string[]) => keys.some((k) => Object.hasOwn(MESSAGES[lang], `reports.${k}`));
    const missing = REPORTS.flatMap((r) => [
      ...(has(`${r.name}.title`) ? [] : [`${r.name}.title`]),
      ...r.columns.filter((c) => !has(`${r.name}.columns.${c.key}`)).map((c) => `${r.name}.columns.${c.key}`),
      ...r.params.filter((p) => !has(`${r.name}.params.${p.name}`, `params.${p.name}`)).map((p) => `${r.name}: params.${p.name}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('number the menu 1 to N without a gap or a repeat', () => {
    expect(REPORTS.map((r) => r.menuOrder)).toEqual(REPORTS.map((_, i) => i + 1));
  });

  it('give the menu its pages in spec §2 order, each opening its own report', () => {
    const pages = PERMISSION_CATALOGUE.filter((p) => p.group === 'reports' && p.menu?.path.startsWith('/reports/') && p.key !== 'reports.trialBalance');
    expect(pages.map((p) => p.key)).toEqual(REPORT_NAMES.map((n) => `reports.${n}`));
    expect(pages.map((p) => p.sort)).toEqual(REPORT_NAMES.map((_, i) => 100 + i));
    expect(REPORT_NAMES.slice(0, 4)).toEqual(['approvalStatus', 'loan', 'loanDetail', 'repayment']);
    // spec §2's 26, then Harbour's own: the retention job's dry run, the collector's desk's activity and promises
    expect(REPORT_NAMES).toHaveLength(29);
    expect(REPORT_NAMES.at(-4)).toBe('smsSentRecord');
    expect(REPORT_NAMES.at(-3)).toBe('retentionDue');
    expect(REPORT_NAMES.at(-2)).toBe('collectorActivity');
    expect(REPORT_NAMES.at(-1)).toBe('promiseOutcomes');
  });
});
