import { memberResource } from '../members.js';
import { page, resourcePermissions } from './define.js';

/**
 * Member list = the accounts people register on the company's website or app (`memberResource`,
 * `/members`): list (the menu page), the detail page (`member.view`, hidden), create, edit,
 * disable / enable (`member.state`) and link to / unlink from a customer record (`member.link`).
 */
export const memberPermissions = [
  ...resourcePermissions(memberResource, 'member', 530, { path: '/member/list', icon: 'usergroup-add', available: true }).filter((p) => p.key !== memberResource.permissions.view),
  page('member', 531, 'view', { hidden: true, available: true, path: '/member/detail', api: ['GET /members/{id}'] }),
];
