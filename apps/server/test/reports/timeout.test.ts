import { AUTHENTICATED, reportAnswerSchema, reportByName } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../src/http/route.js';
import { contextOf } from '../../src/platform/context.js';
import { runReport } from '../../src/modules/reports/engine.js';
import { REPORT_DEFINITIONS } from '../../src/modules/reports/registry.js';
import type { ReportDefinition } from '../../src/modules/reports/query.js';
import { call, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * A report statement past its time limit is cancelled by PostgreSQL and answered as "narrow the
 * period" (503, the caller's language), and the server answers the next request as usual. The
 * probe runs the real `approvalStatus` query behind a one-second sleep under a 200 ms limit.
 */
const real = REPORT_DEFINITIONS.get('approvalStatus')!;
const slow: ReportDefinition = { decl: reportByName('approvalStatus')!, query: (input) => sql`select q.* from (${real.query(input)}) q, pg_sleep(1)` };

function slowReportProbe(app: FastifyInstance) {
  for (const [url, def] of [['/probe-report/slow', slow], ['/probe-report/quick', real]] as const) {
    route(app, {
      method: 'GET',
      url,
      permission: AUTHENTICATED,
      audit: false,
      response: reportAnswerSchema,
      handler: async (req) => runReport(contextOf(req), def, { params: {}, page: 1, pageSize: 10 }, { timeoutMs: url.endsWith('slow') ? 200 : 30_000, lagNoticeSeconds: 5 }),
    });
  }
}

let t: TestApp;
let accountant: string;
beforeAll(async () => {
  t = await createTestApp({ modules: [slowReportProbe], readOnly: true });
  accountant = (await loginAs(t.app, 'accountant')).access_token;
});
afterAll(() => t.close());

describe('report time limit', () => {
  it('cancels a statement past the limit and asks, in the caller’s language, for a narrower report', async () => {
    const en = await call(t.app, 'GET', '/probe-report/slow', { token: accountant, lang: 'en' });
    expect(en.statusCode).toBe(503);
    expect(en.body).toMatchObject({ result: 'error', status: 503, message: 'The report took too long to prepare. Please narrow its period or filters and run it again.' });
    const zh = await call(t.app, 'GET', '/probe-report/slow', { token: accountant, lang: 'zh-TW' });
    expect(zh.body).toMatchObject({ message: '報表準備時間過長，請縮短期間或加上篩選條件後再執行。' });
  });

  it('leaves the server answering: the next report runs after a cancelled one', async () => {
    await call(t.app, 'GET', '/probe-report/slow', { token: accountant });
    const quick = await call(t.app, 'GET', '/probe-report/quick', { token: accountant });
    expect(quick.statusCode).toBe(200);
  });
});
