import type { FastifyInstance } from 'fastify';
import { authModule } from './auth/index.js';
import { systemModule } from './system/index.js';
import { staffModule } from './staff/index.js';
import { rolesModule } from './roles/index.js';
import { permissionsModule } from './permissions/index.js';
import { storesModule } from './stores/index.js';
import { auditModule } from './audit/index.js';
import { accessIpsModule } from './access-ips/index.js';
import { toolsModule } from './tools/index.js';
import { importsModule } from './imports/index.js';
import { settingsModule } from './settings/index.js';
import { holidaysModule } from './holidays/index.js';
import { counterpartiesModule } from './counterparties/index.js';
import { companyModule } from './company/index.js';
import { optionsModule } from './options/index.js';
import { systemListModule } from './system-list/index.js';
import { monitorModule } from './monitor/index.js';
import { staffLevelsModule } from './staff-levels/index.js';
import { codesModule } from './codes/index.js';
import { articlesModule } from './articles/index.js';
import { blacklistModule } from './blacklist/index.js';
import { ledgerModule } from './ledger/index.js';
import { customersModule } from './customers/index.js';
import { loansModule } from './loans/index.js';
import { powerStaffModule } from './power-staff/index.js';
import { membersModule } from './members/index.js';
import { formLayoutsModule } from './form-layouts/index.js';
import { addressSearchModule } from './address-search/index.js';
import { repaymentsModule } from './repayments/index.js';
import { statementsModule } from './statements/index.js';
import { collectionModule } from './collection/index.js';
import { smsModule } from './sms/index.js';
import { reportsModule } from './reports/index.js';
import { searchModule } from './search/index.js';
import { dashboardModule } from './dashboard/index.js';
import { approvalsModule } from './approvals/index.js';
import { autopayModule } from './autopay/index.js';
import { bankReconciliationModule } from './bank-reconciliation/index.js';

/** A server module registers its routes (with `route()` / `registerResource()`) on the app. */
export type HarbourModule = (app: FastifyInstance) => void | Promise<void>;

/** Every module of the server, in registration order. Add yours here (one line). */
export const MODULES: readonly HarbourModule[] = [systemModule, authModule, staffModule, rolesModule, permissionsModule, storesModule, auditModule, accessIpsModule, toolsModule, settingsModule, holidaysModule, counterpartiesModule, companyModule, optionsModule, systemListModule, monitorModule, staffLevelsModule, codesModule, articlesModule, blacklistModule, ledgerModule, customersModule, loansModule, powerStaffModule, membersModule, formLayoutsModule, addressSearchModule, repaymentsModule, statementsModule, collectionModule, smsModule, reportsModule, searchModule, dashboardModule, approvalsModule, autopayModule, bankReconciliationModule, importsModule];
