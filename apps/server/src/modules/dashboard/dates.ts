/** The dashboard's dates and the pieces its reads share (service.ts, par.ts). */
import { addDays, addMonthsClamped } from '@harbour/domain';
import { sql, type SQL } from 'drizzle-orm';

/** Month-ends of the PAR trend. */
export const TREND_MONTHS = 6;
/** Months of the disbursed / collected chart (this month included). */
export const CHART_MONTHS = 6;
export const TOP_AGENTS = 5;
export const PAR_DAYS = [30, 60, 90] as const;

/** `and <column> = <store>` when the read is narrowed to one store; row-level security does the rest. */
export const inStore = (column: SQL, storeId: number | undefined) => (storeId === undefined ? sql`` : sql`and ${column} = ${storeId}`);

export interface DashboardDates {
  today: string;
  monthStart: string;
  lastMonthStart: string;
  chartStart: string;
  yearStart: string;
  /** the last `TREND_MONTHS` month-ends, oldest first */
  monthEnds: string[];
}

export function dashboardDates(today: string): DashboardDates {
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnds = Array.from({ length: TREND_MONTHS }, (_, i) => addDays(addMonthsClamped(monthStart, -(TREND_MONTHS - 1 - i)), -1));
  return {
    today,
    monthStart,
    lastMonthStart: addMonthsClamped(monthStart, -1),
    chartStart: addMonthsClamped(monthStart, -(CHART_MONTHS - 1)),
    yearStart: `${today.slice(0, 4)}-01-01`,
    monthEnds,
  };
}
