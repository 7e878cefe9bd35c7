import { holidayResource, type Holiday, type HolidayKind } from '@harbour/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { holidays } from '../../db/schema/index.js';
import { fieldError } from '../../platform/errors.js';
import { registerResource } from '../../http/resource.js';
import { tableService } from '../../platform/table-service.js';
import type { ServiceContext } from '../../platform/context.js';

type HolidayRow = typeof holidays.$inferSelect;

const toItem = (row: HolidayRow): Holiday => ({
  id: row.id,
  date: row.date,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  kind: row.kind as HolidayKind,
});

/** One holiday per date: say so on the date field instead of a bare 409 (the unique index still guards races). */
async function assertDateFree(ctx: ServiceContext, date: string | undefined, exceptId?: number) {
  if (!date) return;
  const [other] = await ctx.db.select({ id: holidays.id }).from(holidays).where(eq(holidays.date, date));
  if (other && other.id !== exceptId) throw fieldError('date', 'holidays.dateTaken');
}

/** List, view, create, edit and delete holidays from the declaration. */
export function holidayCrud(app: FastifyInstance) {
  registerResource(
    app,
    holidayResource,
    tableService(holidayResource, {
      table: holidays,
      id: holidays.id,
      columns: { date: holidays.date, nameZh: holidays.nameZh, nameEn: holidays.nameEn, kind: holidays.kind },
      toItem: (row) => toItem(row as HolidayRow),
      toInsert: async (input, ctx) => {
        await assertDateFree(ctx, input.date);
        return { date: input.date, nameZh: input.nameZh, nameEn: input.nameEn, kind: input.kind };
      },
      toUpdate: async (input, ctx, before) => {
        await assertDateFree(ctx, input.date, (before as HolidayRow).id);
        return { date: input.date, nameZh: input.nameZh, nameEn: input.nameEn, kind: input.kind };
      },
    }),
  );
}
