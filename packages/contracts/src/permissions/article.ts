import { page } from './define.js';

export const articlePermissions = [
  page('article', 550, 'list', { icon: 'read' }),
  page('article', 551, 'edit', { hidden: true }),
];
