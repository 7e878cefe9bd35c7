import { action, page } from './define.js';

/**
 * Approval (spec §2 list, detail): the list of applications by approval status and the decisions
 * on one. Deciding needs a staff level whose limit covers the amount, and never on one's own
 * application (maker ≠ checker).
 */
export const approvalPermissions = [
  page('approval', 80, 'list', { icon: 'audit', available: true, api: ['GET /approvals'] }),
  page('approval', 81, 'detail', { hidden: true, available: true, path: '/approval/detail/:id' }),
  action('approval', 82, 'approval.approve', ['POST /loans/{id}/approve']),
  action('approval', 83, 'approval.reject', ['POST /loans/{id}/reject']),
  action('approval', 84, 'approval.return', ['POST /loans/{id}/return']),
  action('approval', 85, 'approval.undo', ['POST /loans/{id}/undoApproval']),
  // four eyes: the queue of requests for controlled actions, and checking them
  page('approval', 86, 'requests', {
    icon: 'safety',
    available: true,
    api: ['GET /approvalRequests', 'GET /approvalRequests/{id}', 'POST /approvalRequests/{id}/withdraw'],
  }),
  action('approval', 87, 'approval.check', ['POST /approvalRequests/{id}/approve', 'POST /approvalRequests/{id}/reject']),
];
