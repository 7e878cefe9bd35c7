import type { API_BASE as ContractBase } from '@harbour/contracts';

/**
 * The admin API base path (`API_BASE` of the contracts), restated so the client does not pull zod
 * into the login bundle; the type annotation fails the build if the contracts change it.
 */
export const API_BASE: typeof ContractBase = '/api/admin/v1';
