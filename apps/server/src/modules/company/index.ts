import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  API_BASE,
  AUTHENTICATED,
  COMPANY_EDIT_PERMISSION,
  COMPANY_INFO_PATH,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_PATH,
  COMPANY_LOGO_UPLOAD_PATH,
  COMPANY_PUBLIC_PATH,
  companyInfoSchema,
  companyInfoUpdateSchema,
  companyPublicSchema,
  PUBLIC,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/app-error.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { checkLogo, LOGO_MIME_OF_EXTENSION, LOGO_NAME, logoDir, removeLogo, saveLogo } from './logo.js';
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

  // Multipart is parsed only inside this scope: no other route accepts uploads by accident.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: COMPANY_LOGO_MAX_BYTES + 1, files: 1, parts: 5 }, throwFileSizeLimit: false });
    route(scope, {
      method: 'POST',
      url: COMPANY_LOGO_UPLOAD_PATH,
      permission: COMPANY_EDIT_PERMISSION,
      summary: 'Upload the company logo (PNG or JPEG by content, at most 1 MB)',
      tags: ['masterdata'],
      response: companyInfoSchema,
      handler: async (req) => {
        const missing = () => badRequest('errors.validation', [{ field: 'logo', message: 'company.logoMissing' }]);
        if (!req.isMultipart()) throw missing();
        const part = await req.file();
        if (!part) throw missing();
        const bytes = await part.toBuffer();
        // One byte over the limit is read so an oversized file is told apart from an exact 1 MB one.
        const ext = await checkLogo(part.file.truncated ? Buffer.alloc(COMPANY_LOGO_MAX_BYTES + 1) : bytes);
        const dataDir = req.server.config.dataDir;
        const name = await saveLogo(dataDir, bytes, ext);
        let answer;
        try {
          answer = await setCompanyLogo(contextOf(req), `${API_BASE}${COMPANY_LOGO_PATH}/${name}`);
        } catch (err) {
          await removeLogo(dataDir, name);
          throw err;
        }
        await removeLogo(dataDir, answer.previous);
        succeed(req, 'success.updated');
        return answer.info;
      },
    });
  });

  // Logos are fetched by <img> (the login page's too), which sends no token: the random name is the key.
  app.route({
    method: 'GET',
    url: `${API_BASE}${COMPANY_LOGO_PATH}/:name`,
    config: { permission: PUBLIC },
    schema: { hide: true },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!LOGO_NAME.test(name)) throw notFound();
      const bytes = await fs.readFile(path.join(logoDir(req.server.config.dataDir), name)).catch(() => null);
      if (!bytes) throw notFound();
      return reply
        .type(LOGO_MIME_OF_EXTENSION[name.slice(-3)] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  });
}
