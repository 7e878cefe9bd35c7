import { z } from 'zod';
import { listQueryBase } from './list.js';
import { defineResource } from './resource.js';
import { isoDate, V } from './calculator.js';

/**
 * Master data → holiday. Holidays and one-off days off move due dates and pause overdue-interest
 * days (settings `moveDueDateOffHoliday`, `holidayOverdueInterest`); the schedule engine reads the
 * dates of every row.
 */
export const HOLIDAY_KINDS = ['holiday', 'day_off'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

const name = (max: number) =>
  z.string({ message: V.nameRequired }).trim().min(1, { message: V.nameRequired }).max(max, { message: V.range });

export const holidaySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayCreateSchema = z.object({
  date: isoDate(),
  nameZh: name(64),
  nameEn: name(128),
  kind: z.enum(HOLIDAY_KINDS, { message: V.choice }).default('holiday'),
});
export type HolidayCreate = z.input<typeof holidayCreateSchema>;

/** Any subset of the fields; no default, so an edit never resets the kind it did not send. */
export const holidayUpdateSchema = z.object({
  date: isoDate(),
  nameZh: name(64),
  nameEn: name(128),
  kind: z.enum(HOLIDAY_KINDS, { message: V.choice }),
}).partial();

export const holidayFiltersSchema = listQueryBase.extend({
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  kind: z.enum(HOLIDAY_KINDS).optional(),
  nameZh: z.string().trim().max(64).optional(),
  nameEn: z.string().trim().max(128).optional(),
});

export const HOLIDAY_PERMISSIONS = {
  list: 'masterdata.holidays.list',
  view: 'masterdata.holidays.list',
  create: 'masterdata.holidays.create',
  update: 'masterdata.holidays.update',
  delete: 'masterdata.holidays.delete',
  import: 'masterdata.holidays.import',
} as const;

export const holidayResource = defineResource({
  name: 'holidays',
  path: '/holidays',
  title: 'holidays:title',
  permissions: {
    list: HOLIDAY_PERMISSIONS.list,
    view: HOLIDAY_PERMISSIONS.view,
    create: HOLIDAY_PERMISSIONS.create,
    update: HOLIDAY_PERMISSIONS.update,
    delete: HOLIDAY_PERMISSIONS.delete,
  },
  storeScoped: false,
  fields: [
    { name: 'date', kind: 'date', label: 'holidays:fields.date', list: true, sortable: true, filter: 'dateRange', form: true, required: true },
    { name: 'nameZh', kind: 'text', label: 'holidays:fields.nameZh', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'nameEn', kind: 'text', label: 'holidays:fields.nameEn', list: true, sortable: true, filter: 'text', form: true, required: true },
    {
      name: 'kind',
      kind: 'enum',
      label: 'holidays:fields.kind',
      list: true,
      filter: 'enum',
      form: true,
      required: true,
      options: HOLIDAY_KINDS,
      enumName: 'holidayKind',
    },
  ],
  item: holidaySchema,
  create: holidayCreateSchema,
  update: holidayUpdateSchema,
  filters: holidayFiltersSchema,
  defaultSort: 'date:asc',
});

/**
 * The HK government's public-holiday JSON (1823 Call Centre, `www.1823.gov.hk/common/ical/<lang>.json`):
 * one `vcalendar` whose `vevent`s carry `dtstart: ["YYYYMMDD", {value: "DATE"}]` and `summary`.
 * Only the parts Harbour uses are checked; other properties pass through unread.
 */
export const ical1823Schema = z.object({
  vcalendar: z
    .array(
      z.object({
        vevent: z
          .array(
            z.object({
              dtstart: z.tuple([z.string().regex(/^\d{8}$/), z.object({ value: z.literal('DATE') })]).rest(z.unknown()),
              summary: z.string().trim().min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type Ical1823 = z.infer<typeof ical1823Schema>;

/** Where the import takes its dates from. */
export const holidayImportSchema = z.discriminatedUnion('source', [
  /** Hong Kong general holidays of one year, from the `date-holidays` rules. */
  z.object({ source: z.literal('rules'), year: z.coerce.number().int().min(1990, { message: V.range }).max(2100, { message: V.range }) }),
  /** An uploaded 1823 JSON file; its names are in one language (`en`, or `zh` for tc/sc). */
  z.object({ source: z.literal('1823'), file: z.unknown() }),
]);
export type HolidayImportRequest = z.input<typeof holidayImportSchema>;

export const holidayImportResultSchema = z.object({
  /** Rows inserted. */
  added: z.number().int(),
  /** Dates that were already present (left untouched). */
  skipped: z.number().int(),
  /** Dates found in the source. */
  total: z.number().int(),
});
export type HolidayImportResult = z.infer<typeof holidayImportResultSchema>;

export const HOLIDAY_IMPORT_PATH = '/holidays/import';
