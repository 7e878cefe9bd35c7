import { page } from './define.js';

export const personaPermissions = [page('persona', 520, 'list', { icon: 'user' })];
