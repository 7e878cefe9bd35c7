import { page } from './define.js';

export const blacklistPermissions = [page('blacklist', 60, 'list', { icon: 'user-delete' })];
