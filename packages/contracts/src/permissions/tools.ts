import { page } from './define.js';

/** Tools (spec §2). The calculator's key matches `TOOLS_PERMISSIONS` in calculator.ts. */
export const toolsPermissions = [
  page('tools', 400, 'calculator', {
    icon: 'calculator',
    available: true,
    api: ['GET /tools/calculator/options', 'POST /tools/calculator', 'POST /tools/calculator/export'],
  }),
  page('tools', 401, 'addressSearch', { icon: 'search' }),
  page('tools', 402, 'applicationForm', { icon: 'file-text' }),
  page('tools', 403, 'formBuilder', { icon: 'build' }),
];
