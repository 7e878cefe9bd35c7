import {
  API_BASE,
  CALCULATOR_EXPORT_PATH,
  CALCULATOR_OPTIONS_PATH,
  CALCULATOR_PATH,
  TOOLS_PERMISSIONS,
  calculatorOptionsSchema,
  calculatorRequestSchema,
  calculatorResultSchema,
  type CalculatorRequest,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { readSettings } from '../../platform/settings.js';
import { route } from '../../http/route.js';
import { calculatorOptions, runCalculator } from './calculator-service.js';
import { calculatorWorkbook } from './calculator-xlsx.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Tools → repayment calculator: options, the calculation and its xlsx export. None changes data. */
export function calculatorRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: CALCULATOR_OPTIONS_PATH,
    permission: TOOLS_PERMISSIONS.calculator,
    summary: 'What the calculator form offers, from the default settings',
    tags: ['tools'],
    response: calculatorOptionsSchema,
    handler: async (req) => calculatorOptions(req.server.db),
  });

  route(app, {
    method: 'POST',
    url: CALCULATOR_PATH,
    permission: TOOLS_PERMISSIONS.calculator,
    audit: false,
    summary: 'Repayment calculator: schedule, rates, Money Lenders Ordinance check and maximum APR action',
    tags: ['tools'],
    body: calculatorRequestSchema,
    response: calculatorResultSchema,
    handler: async (req) => runCalculator(req.server.db, req.body),
  });

  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route<{ Body: CalculatorRequest }>({
    method: 'POST',
    url: `${API_BASE}${CALCULATOR_EXPORT_PATH}`,
    config: { permission: TOOLS_PERMISSIONS.calculator, audit: false },
    schema: { summary: 'The calculation as an xlsx workbook', tags: ['tools'], body: calculatorRequestSchema },
    handler: async (req, reply) => {
      const db = req.server.db;
      const result = await runCalculator(db, req.body);
      const { decimalPlaces } = await readSettings(db, ['decimalPlaces']);
      const file = await calculatorWorkbook(req.lang, req.body, result, decimalPlaces);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="repayment-schedule-${req.body.loanDate}.xlsx"`)
        .send(file);
    },
  });
}
