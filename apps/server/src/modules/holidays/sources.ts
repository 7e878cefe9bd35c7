/**
 * Where imported holidays come from: the `date-holidays` rules for Hong Kong, or the HK
 * government's 1823 public-holiday JSON. Both give `{date, nameZh, nameEn}` rows; the service
 * decides which are new.
 */
import Holidays from 'date-holidays';
import { ical1823Schema } from '@harbour/contracts';

export interface HolidayRow {
  date: string;
  nameZh: string;
  nameEn: string;
}

/** Hong Kong general holidays of a year, named in Chinese and English. */
export function hongKongHolidays(year: number): HolidayRow[] {
  const hd = new Holidays('HK', { types: ['public'] });
  const dateOf = (h: { date: string }) => h.date.slice(0, 10);
  const zhByDate = new Map(hd.getHolidays(year, 'zh').map((h) => [dateOf(h), h.name]));
  const rows = new Map<string, HolidayRow>();
  for (const h of hd.getHolidays(year, 'en')) {
    const date = dateOf(h);
    // two rules on one date (rare) become one row: the date is what the schedule needs
    if (!rows.has(date)) rows.set(date, { date, nameEn: h.name, nameZh: zhByDate.get(date) ?? h.name });
  }
  return [...rows.values()];
}

/** Thrown when an uploaded file is not the 1823 holiday JSON; the route answers 400 with `code`. */
export class BadHolidayFileError extends Error {
  constructor(readonly code: 'holidays.notJson' | 'holidays.notIcal1823' | 'holidays.badDate') {
    super(code);
    this.name = 'BadHolidayFileError';
  }
}

/**
 * Rows of an 1823 JSON file. The file is published once per language (en, tc, sc), so its
 * summaries are in one language; that text fills both names until someone edits the row.
 */
export function parse1823(file: unknown): HolidayRow[] {
  const data = typeof file === 'string' ? parseJsonText(file) : file;
  const parsed = ical1823Schema.safeParse(data);
  if (!parsed.success) throw new BadHolidayFileError('holidays.notIcal1823');
  const rows = new Map<string, HolidayRow>();
  for (const cal of parsed.data.vcalendar) {
    for (const ev of cal.vevent) {
      const raw = ev.dtstart[0];
      const date = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
      if (!isRealDate(date)) throw new BadHolidayFileError('holidays.badDate');
      if (!rows.has(date)) rows.set(date, { date, nameZh: ev.summary, nameEn: ev.summary });
    }
  }
  return [...rows.values()];
}

function parseJsonText(text: string): unknown {
  try {
    // the government's files start with a byte-order mark
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new BadHolidayFileError('holidays.notJson');
  }
}

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
