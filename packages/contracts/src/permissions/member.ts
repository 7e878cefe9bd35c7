import { page } from './define.js';

export const memberPermissions = [page('member', 530, 'list', { icon: 'usergroup-add' })];
