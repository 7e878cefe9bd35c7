import { API_BASE, REPORTS_PATH, reportAnswerSchema, reportExportQuerySchema, reportQuerySchema, type PermissionKey, type ReportExportFormat } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { runReport } from './engine.js';
import { exportReport } from './export.js';
import { REPORT_DEFINITIONS } from './registry.js';

/**
 * Reports: two routes per declared report, `GET /reports/<name>` (one page, the count, the totals)
 * and `GET /reports/<name>/export` (every row as xlsx or CSV, streamed), both guarded by the
 * report's own key (`reports.<name>`) and validating the declaration's parameters. Nothing here
 * knows a report: the declarations (`packages/contracts/src/reports/`) and their queries
 * (`queries/`) are the reports.
 */
export function reportsModule(app: FastifyInstance) {
  for (const def of REPORT_DEFINITIONS.values()) {
    const { decl } = def;
    route(app, {
      method: 'GET',
      url: `${REPORTS_PATH}/${decl.name}`,
      permission: decl.permission as PermissionKey,
      summary: `Report ${decl.name}: one page of rows, their count and the totals over every row`,
      tags: ['reports'],
      querystring: reportQuerySchema(decl),
      response: reportAnswerSchema,
      handler: async (req) => {
        const { sort, page, pageSize, ...params } = req.query as { sort?: string; page: number; pageSize: number } & Record<string, unknown>;
        return runReport(contextOf(req), def, { params, ...(sort ? { sort } : {}), page, pageSize }, {
          timeoutMs: app.config.reportTimeoutMs,
          lagNoticeSeconds: app.config.replicaLagNoticeSeconds,
        });
      },
    });

    // Answers the file itself (streamed), not an envelope; errors before the first byte still answer the error envelope.
    app.route({
      method: 'GET',
      url: `${API_BASE}${REPORTS_PATH}/${decl.name}/export`,
      config: { permission: decl.permission as PermissionKey },
      schema: { summary: `Report ${decl.name}: every row as an xlsx workbook or a CSV file, with the totals`, tags: ['reports'], querystring: reportExportQuerySchema(decl) },
      handler: async (req, reply) => {
        const { sort, format, ...params } = req.query as { sort?: string; format: ReportExportFormat } & Record<string, unknown>;
        let sent = false;
        try {
          await exportReport(contextOf(req), def, { params, ...(sort ? { sort } : {}) }, format, (file) => {
            sent = true;
            void reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
          }, app.config.reportTimeoutMs);
        } catch (err) {
          if (!sent) throw err;
          req.log.error({ err }, `report ${decl.name} export failed while streaming`);
        }
        return reply;
      },
    });
  }
}
