import {
  AUTHENTICATED,
  COMPANY_EDIT_PERMISSION,
  COMPANY_INFO_PATH,
  COMPANY_LOGO_PATH,
  COMPANY_LOGO_UPLOAD_PATH,
  COMPANY_PUBLIC_PATH,
  companyInfoSchema,
  companyInfoUpdateSchema,
  companyPublicSchema,
  PRESCRIBED_SUMMARIES_PATH,
  PRESCRIBED_SUMMARY_PERMISSION,
  prescribedSummaryCreateSchema,
  prescribedSummaryListSchema,
  prescribedSummarySchema,
  PUBLIC,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerImageUpload, serveStoredImages } from '../../http/image-routes.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { logoStore } from './logo.js';
import { addPrescribedSummary, listPrescribedSummaries } from './prescribed-summary.js';
import { readCompanyInfo, readCompanyPublic, setCompanyLogo, updateCompanyInfo } from './service.js';

/** Master data → company information (spec §2): one record, its logo, and the login page's view. */
export async function companyModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: COMPANY_INFO_PATH,
    permission: AUTHENTICATED,
    summary: "The lender's particulars (names, licence, address, contact, logo)",
    tags: ['masterdata'],
    response: companyInfoSchema,
    handler: async (req) => readCompanyInfo(req.server.db),
  });

  route(app, {
    method: 'GET',
    url: COMPANY_PUBLIC_PATH,
    permission: PUBLIC,
    summary: 'Company names and logo, for the login page',
    tags: ['masterdata'],
    response: companyPublicSchema,
    handler: async (req) => readCompanyPublic(req.server.db),
  });

  route(app, {
    method: 'PUT',
    url: COMPANY_INFO_PATH,
    permission: COMPANY_EDIT_PERMISSION,
    summary: "Save the lender's particulars; audited with the record before and after",
    tags: ['masterdata'],
    body: companyInfoUpdateSchema,
    response: companyInfoSchema,
    handler: async (req) => {
      const info = await updateCompanyInfo(contextOf(req), req.body);
      succeed(req, 'success.saved');
      return info;
    },
  });

  // The prescribed summary's versions: any signed-in staff reads them (the papers print them).
  route(app, {
    method: 'GET',
    url: PRESCRIBED_SUMMARIES_PATH,
    permission: AUTHENTICATED,
    summary: 'The prescribed summary (Cap. 163A Schedule 3) versions the lender entered, newest first',
    tags: ['masterdata'],
    response: prescribedSummaryListSchema,
    handler: (req) => listPrescribedSummaries(contextOf(req)),
  });

  route(app, {
    method: 'POST',
    url: PRESCRIBED_SUMMARIES_PATH,
    permission: PRESCRIBED_SUMMARY_PERMISSION,
    summary: 'Enter a new version of the prescribed summary (English and Chinese, effective date); append-only, audited',
    tags: ['masterdata'],
    body: prescribedSummaryCreateSchema,
    response: prescribedSummarySchema,
    handler: async (req) => {
      const item = await addPrescribedSummary(contextOf(req), req.body);
      succeed(req, 'success.created');
      return item;
    },
  });

  await registerImageUpload(app, logoStore, {
    url: COMPANY_LOGO_UPLOAD_PATH,
    servedAt: COMPANY_LOGO_PATH,
    permission: COMPANY_EDIT_PERMISSION,
    summary: 'Upload the company logo (PNG or JPEG by content, at most 1 MB)',
    tags: ['masterdata'],
    response: companyInfoSchema,
    attach: async (req, url) => {
      const { previous, info } = await setCompanyLogo(contextOf(req), url);
      return { previous, answer: () => info };
    },
  });

  // The login page shows the logo too: cached publicly.
  serveStoredImages(app, logoStore, COMPANY_LOGO_PATH, 'public, max-age=86400, immutable');
}
