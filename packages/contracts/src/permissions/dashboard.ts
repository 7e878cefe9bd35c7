import { page } from './define.js';

export const dashboardPermissions = [
  page('dashboard', 0, 'view', { path: '/dashboard', icon: 'dashboard', available: true, api: ['GET /dashboard'] }),
];
