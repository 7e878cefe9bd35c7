import type { ReportDecl, ReportParamDecl } from '@harbour/contracts';
import { badRequest } from '../../platform/errors.js';
import type { ReportParamValue } from './query.js';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A declared default against the business day; a literal default is taken as it is. */
export function resolveDefault(def: string, today: string): ReportParamValue {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  switch (def) {
    case 'today':
      return today;
    case 'monthAhead': {
      const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
      return `${ny}-${pad(nm)}-${pad(Math.min(Number(today.slice(8, 10)), lastDay(ny, nm)))}`;
    }
    case 'monthStart':
      return `${y}-${pad(m)}-01`;
    case 'monthEnd':
      return `${y}-${pad(m)}-${pad(lastDay(y, m))}`;
    case 'lastMonthStart':
      return `${py}-${pad(pm)}-01`;
    case 'lastMonthEnd':
      return `${py}-${pad(pm)}-${pad(lastDay(py, pm))}`;
    case 'yearStart':
      return `${y}-01-01`;
    case 'thisMonth':
      return `${y}-${pad(m)}`;
    case 'thisYear':
      return y;
    case 'lastYear':
      return y - 1;
    default:
      return def;
  }
}

/**
 * The parameters a query receives: each declared one, given or defaulted, null when neither. A
 * required one still empty answers 400 naming the field. `from` after `to` (any `<x>From` /
 * `<x>To` pair of dates or months) answers 400 too.
 */
export function resolveParams(decl: ReportDecl, given: Record<string, unknown>, today: string): Record<string, ReportParamValue> {
  const out: Record<string, ReportParamValue> = {};
  const missing: ReportParamDecl[] = [];
  for (const p of decl.params) {
    const v = given[p.name];
    const value = v === undefined || v === '' ? (p.default !== undefined ? resolveDefault(p.default, today) : null) : (v as ReportParamValue);
    if (value === null && p.required) missing.push(p);
    out[p.name] = value;
  }
  if (missing.length) throw badRequest('errors.validation', missing.map((p) => ({ field: p.name, message: 'validation.required' })));
  for (const p of decl.params) {
    const m = /^(.*)From$/.exec(p.name);
    const to = m ? out[`${m[1]}To`] : undefined;
    const from = out[p.name];
    if (m && typeof from === 'string' && typeof to === 'string' && from > to)
      throw badRequest('errors.validation', [{ field: `${m[1]}To`, message: 'validation.dateRange' }]);
  }
  return out;
}
