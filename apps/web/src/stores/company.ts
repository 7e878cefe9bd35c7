/**
 * The company's names and logo (master data → company information), the one source of the
 * document title, the login page's heading and the shell's logo. Read from the public endpoint once
 * per page load (the login page needs it before anyone signs in) and replaced when the company
 * information page saves. Types only from the contracts: the login bundle carries no zod.
 */
import { create } from 'zustand';
import type { CompanyPublic } from '@harbour/contracts';
import { call } from '../api/call.js';
import { sessionEndpoints } from '../api/session-endpoints.js';

interface CompanyState {
  company: CompanyPublic | null;
  setCompany: (company: CompanyPublic) => void;
}

export const useCompany = create<CompanyState>()((set) => ({
  company: null,
  setCompany: (company) => set({ company }),
}));

let loading: Promise<void> | undefined;

/** Fetches the names and logo once; a failure leaves the product's default name and may be retried. */
export function loadCompany(): Promise<void> {
  return (loading ??= call(sessionEndpoints.companyPublic, { silent: true }).then(
    (company) => useCompany.getState().setCompany(company),
    () => {
      loading = undefined;
    },
  ));
}

/** The name to show in `language`: Chinese for zh-TW / zh-CN, English for en, else the other one. */
export function companyNameIn(company: CompanyPublic | null, language: string): string {
  if (!company) return '';
  return language === 'en' ? company.nameEn || company.nameZh : company.nameZh || company.nameEn;
}
