import { action, page } from './define.js';

/** Tools (spec §2). The calculator's key matches `TOOLS_PERMISSIONS` in calculator.ts. */
export const toolsPermissions = [
  page('tools', 400, 'calculator', {
    icon: 'calculator',
    available: true,
    api: ['GET /tools/calculator/options', 'POST /tools/calculator', 'POST /tools/calculator/export'],
  }),
  page('tools', 401, 'addressSearch', { icon: 'search', available: true, api: ['GET /tools/addresses', 'GET /tools/addresses/official'] }),
  // The printed form reads the layout (any signed-in staff, `GET /formLayouts/{loanType}`) and, filled, the loan (`loan.list`).
  page('tools', 402, 'applicationForm', { icon: 'file-text', available: true }),
  page('tools', 403, 'formBuilder', { icon: 'build', available: true, api: ['GET /formLayouts'] }),
  action('tools', 404, 'tools.formBuilder.edit', ['PUT /formLayouts/{loanType}']),
  // Bringing a lender's book in from its old system (docs/import.md): a manager's step, not a clerk's.
  page('tools', 405, 'dataImport', {
    icon: 'upload',
    available: true,
    api: ['GET /tools/import/template', 'GET /tools/import/batches', 'POST /tools/import/dryRun', 'POST /tools/import/rejectedRows'],
  }),
];
