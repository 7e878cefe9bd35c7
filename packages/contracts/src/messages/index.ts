/**
 * Harbour's message catalogue: every text the server answers with and the web shows, one JSON file
 * per area and language — `messages/<zh-TW|en|zh-CN>/<area>.json`. Each area is written once and
 * read by both sides:
 *
 * - the web's i18next loads `<area>` as a namespace (`t('validation:hkid')`), fetching only the
 *   active language: `apps/web/src/i18n/index.ts` globs these files itself and never imports this
 *   module;
 * - the server answers by code, `<area>.<key>` (`validation.hkid`, `tools.calculator.schedule.title`),
 *   through this module, which holds every area in every language (hence its own entry point,
 *   `@harbour/contracts/messages`, outside the package root the web imports).
 *
 * Placeholders are i18next's `{{name}}` on both sides. A new area is a JSON file in each of the
 * three folders plus its three imports below (`messages.test.ts` fails until they are there).
 */
import type { Language } from '../errors.js';
import zhTWAdmin from './zh-TW/admin.json' with { type: 'json' };
import zhTWArticles from './zh-TW/articles.json' with { type: 'json' };
import zhTWBlacklisting from './zh-TW/blacklisting.json' with { type: 'json' };
import zhTWAuth from './zh-TW/auth.json' with { type: 'json' };
import zhTWCommon from './zh-TW/common.json' with { type: 'json' };
import zhTWCompany from './zh-TW/company.json' with { type: 'json' };
import zhTWDomain from './zh-TW/domain.json' with { type: 'json' };
import zhTWEnums from './zh-TW/enums.json' with { type: 'json' };
import zhTWErrors from './zh-TW/errors.json' with { type: 'json' };
import zhTWFields from './zh-TW/fields.json' with { type: 'json' };
import zhTWHolidays from './zh-TW/holidays.json' with { type: 'json' };
import zhTWLedger from './zh-TW/ledger.json' with { type: 'json' };
import zhTWReconciliation from './zh-TW/reconciliation.json' with { type: 'json' };
import zhTWReports from './zh-TW/reports.json' with { type: 'json' };
import zhTWPortfolio from './zh-TW/portfolio.json' with { type: 'json' };
import zhTWLegal from './zh-TW/legal.json' with { type: 'json' };
import zhTWLevels from './zh-TW/levels.json' with { type: 'json' };
import zhTWApprovals from './zh-TW/approvals.json' with { type: 'json' };
import zhTWLoans from './zh-TW/loans.json' with { type: 'json' };
import zhTWParties from './zh-TW/parties.json' with { type: 'json' };
import zhTWCustomers from './zh-TW/customers.json' with { type: 'json' };
import zhTWMembers from './zh-TW/members.json' with { type: 'json' };
import zhTWOptions from './zh-TW/options.json' with { type: 'json' };
import zhTWPapers from './zh-TW/papers.json' with { type: 'json' };
import zhTWRepayments from './zh-TW/repayments.json' with { type: 'json' };
import zhTWStatements from './zh-TW/statements.json' with { type: 'json' };
import zhTWSettlement from './zh-TW/settlement.json' with { type: 'json' };
import zhTWServicing from './zh-TW/servicing.json' with { type: 'json' };
import zhTWProcessing from './zh-TW/processing.json' with { type: 'json' };
import zhTWCollection from './zh-TW/collection.json' with { type: 'json' };
import zhTWMonitor from './zh-TW/monitor.json' with { type: 'json' };
import zhTWParams from './zh-TW/params.json' with { type: 'json' };
import zhTWSettings from './zh-TW/settings.json' with { type: 'json' };
import zhTWShell from './zh-TW/shell.json' with { type: 'json' };
import zhTWSuccess from './zh-TW/success.json' with { type: 'json' };
import zhTWTools from './zh-TW/tools.json' with { type: 'json' };
import zhTWFormLayout from './zh-TW/formLayout.json' with { type: 'json' };
import zhTWAddress from './zh-TW/address.json' with { type: 'json' };
import zhTWValidation from './zh-TW/validation.json' with { type: 'json' };
import zhTWReminders from './zh-TW/reminders.json' with { type: 'json' };
import enAdmin from './en/admin.json' with { type: 'json' };
import enArticles from './en/articles.json' with { type: 'json' };
import enBlacklisting from './en/blacklisting.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enCompany from './en/company.json' with { type: 'json' };
import enDomain from './en/domain.json' with { type: 'json' };
import enEnums from './en/enums.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enFields from './en/fields.json' with { type: 'json' };
import enHolidays from './en/holidays.json' with { type: 'json' };
import enLedger from './en/ledger.json' with { type: 'json' };
import enReconciliation from './en/reconciliation.json' with { type: 'json' };
import enReports from './en/reports.json' with { type: 'json' };
import enPortfolio from './en/portfolio.json' with { type: 'json' };
import enLegal from './en/legal.json' with { type: 'json' };
import enLevels from './en/levels.json' with { type: 'json' };
import enApprovals from './en/approvals.json' with { type: 'json' };
import enLoans from './en/loans.json' with { type: 'json' };
import enParties from './en/parties.json' with { type: 'json' };
import enCustomers from './en/customers.json' with { type: 'json' };
import enMembers from './en/members.json' with { type: 'json' };
import enOptions from './en/options.json' with { type: 'json' };
import enPapers from './en/papers.json' with { type: 'json' };
import enRepayments from './en/repayments.json' with { type: 'json' };
import enStatements from './en/statements.json' with { type: 'json' };
import enSettlement from './en/settlement.json' with { type: 'json' };
import enServicing from './en/servicing.json' with { type: 'json' };
import enProcessing from './en/processing.json' with { type: 'json' };
import enCollection from './en/collection.json' with { type: 'json' };
import enMonitor from './en/monitor.json' with { type: 'json' };
import enParams from './en/params.json' with { type: 'json' };
import enSettings from './en/settings.json' with { type: 'json' };
import enShell from './en/shell.json' with { type: 'json' };
import enSuccess from './en/success.json' with { type: 'json' };
import enTools from './en/tools.json' with { type: 'json' };
import enFormLayout from './en/formLayout.json' with { type: 'json' };
import enAddress from './en/address.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import enReminders from './en/reminders.json' with { type: 'json' };
import zhCNAdmin from './zh-CN/admin.json' with { type: 'json' };
import zhCNArticles from './zh-CN/articles.json' with { type: 'json' };
import zhCNBlacklisting from './zh-CN/blacklisting.json' with { type: 'json' };
import zhCNAuth from './zh-CN/auth.json' with { type: 'json' };
import zhCNCommon from './zh-CN/common.json' with { type: 'json' };
import zhCNCompany from './zh-CN/company.json' with { type: 'json' };
import zhCNDomain from './zh-CN/domain.json' with { type: 'json' };
import zhCNEnums from './zh-CN/enums.json' with { type: 'json' };
import zhCNErrors from './zh-CN/errors.json' with { type: 'json' };
import zhCNFields from './zh-CN/fields.json' with { type: 'json' };
import zhCNHolidays from './zh-CN/holidays.json' with { type: 'json' };
import zhCNLedger from './zh-CN/ledger.json' with { type: 'json' };
import zhCNReconciliation from './zh-CN/reconciliation.json' with { type: 'json' };
import zhCNReports from './zh-CN/reports.json' with { type: 'json' };
import zhCNPortfolio from './zh-CN/portfolio.json' with { type: 'json' };
import zhCNLegal from './zh-CN/legal.json' with { type: 'json' };
import zhCNLevels from './zh-CN/levels.json' with { type: 'json' };
import zhCNApprovals from './zh-CN/approvals.json' with { type: 'json' };
import zhCNLoans from './zh-CN/loans.json' with { type: 'json' };
import zhCNParties from './zh-CN/parties.json' with { type: 'json' };
import zhCNCustomers from './zh-CN/customers.json' with { type: 'json' };
import zhCNMembers from './zh-CN/members.json' with { type: 'json' };
import zhCNOptions from './zh-CN/options.json' with { type: 'json' };
import zhCNPapers from './zh-CN/papers.json' with { type: 'json' };
import zhCNRepayments from './zh-CN/repayments.json' with { type: 'json' };
import zhCNStatements from './zh-CN/statements.json' with { type: 'json' };
import zhCNSettlement from './zh-CN/settlement.json' with { type: 'json' };
import zhCNServicing from './zh-CN/servicing.json' with { type: 'json' };
import zhCNProcessing from './zh-CN/processing.json' with { type: 'json' };
import zhCNCollection from './zh-CN/collection.json' with { type: 'json' };
import zhCNMonitor from './zh-CN/monitor.json' with { type: 'json' };
import zhCNParams from './zh-CN/params.json' with { type: 'json' };
import zhCNSettings from './zh-CN/settings.json' with { type: 'json' };
import zhCNShell from './zh-CN/shell.json' with { type: 'json' };
import zhCNSuccess from './zh-CN/success.json' with { type: 'json' };
import zhCNTools from './zh-CN/tools.json' with { type: 'json' };
import zhCNFormLayout from './zh-CN/formLayout.json' with { type: 'json' };
import zhCNAddress from './zh-CN/address.json' with { type: 'json' };
import zhCNValidation from './zh-CN/validation.json' with { type: 'json' };
import zhCNReminders from './zh-CN/reminders.json' with { type: 'json' };

/** A catalogue file: texts by key, nested (i18next's `a.b` key is `{ "a": { "b": … } }`). */
export interface MessageTree {
  [key: string]: string | MessageTree | readonly MessageTree[] | readonly string[];
}

/** Every area of the catalogue in every language, as the files are. */
export const CATALOGUES: Record<Language, Record<string, MessageTree>> = {
  'zh-TW': {
    admin: zhTWAdmin,
    articles: zhTWArticles,
    blacklisting: zhTWBlacklisting,
    auth: zhTWAuth,
    common: zhTWCommon,
    company: zhTWCompany,
    domain: zhTWDomain,
    enums: zhTWEnums,
    errors: zhTWErrors,
    fields: zhTWFields,
    holidays: zhTWHolidays,
    ledger: zhTWLedger,
    reconciliation: zhTWReconciliation,
    reports: zhTWReports,
    portfolio: zhTWPortfolio,
    legal: zhTWLegal,
    levels: zhTWLevels,
    approvals: zhTWApprovals,
    loans: zhTWLoans,
    monitor: zhTWMonitor,
    options: zhTWOptions,
    papers: zhTWPapers,
    repayments: zhTWRepayments,
    statements: zhTWStatements,
    settlement: zhTWSettlement,
    servicing: zhTWServicing,
    processing: zhTWProcessing,
    collection: zhTWCollection,
    params: zhTWParams,
    parties: zhTWParties,
    customers: zhTWCustomers,
    members: zhTWMembers,
    settings: zhTWSettings,
    shell: zhTWShell,
    success: zhTWSuccess,
    tools: zhTWTools,
    formLayout: zhTWFormLayout,
    address: zhTWAddress,
    validation: zhTWValidation,
    reminders: zhTWReminders,
  },
  en: {
    admin: enAdmin,
    articles: enArticles,
    blacklisting: enBlacklisting,
    auth: enAuth,
    common: enCommon,
    company: enCompany,
    domain: enDomain,
    enums: enEnums,
    errors: enErrors,
    fields: enFields,
    holidays: enHolidays,
    ledger: enLedger,
    reconciliation: enReconciliation,
    reports: enReports,
    portfolio: enPortfolio,
    legal: enLegal,
    levels: enLevels,
    approvals: enApprovals,
    loans: enLoans,
    monitor: enMonitor,
    options: enOptions,
    papers: enPapers,
    repayments: enRepayments,
    statements: enStatements,
    settlement: enSettlement,
    servicing: enServicing,
    processing: enProcessing,
    collection: enCollection,
    params: enParams,
    parties: enParties,
    customers: enCustomers,
    members: enMembers,
    settings: enSettings,
    shell: enShell,
    success: enSuccess,
    tools: enTools,
    formLayout: enFormLayout,
    address: enAddress,
    validation: enValidation,
    reminders: enReminders,
  },
  'zh-CN': {
    admin: zhCNAdmin,
    articles: zhCNArticles,
    blacklisting: zhCNBlacklisting,
    auth: zhCNAuth,
    common: zhCNCommon,
    company: zhCNCompany,
    domain: zhCNDomain,
    enums: zhCNEnums,
    errors: zhCNErrors,
    fields: zhCNFields,
    holidays: zhCNHolidays,
    ledger: zhCNLedger,
    reconciliation: zhCNReconciliation,
    reports: zhCNReports,
    portfolio: zhCNPortfolio,
    legal: zhCNLegal,
    levels: zhCNLevels,
    approvals: zhCNApprovals,
    loans: zhCNLoans,
    monitor: zhCNMonitor,
    options: zhCNOptions,
    papers: zhCNPapers,
    repayments: zhCNRepayments,
    statements: zhCNStatements,
    settlement: zhCNSettlement,
    servicing: zhCNServicing,
    processing: zhCNProcessing,
    collection: zhCNCollection,
    params: zhCNParams,
    parties: zhCNParties,
    customers: zhCNCustomers,
    members: zhCNMembers,
    settings: zhCNSettings,
    shell: zhCNShell,
    success: zhCNSuccess,
    tools: zhCNTools,
    formLayout: zhCNFormLayout,
    address: zhCNAddress,
    validation: zhCNValidation,
    reminders: zhCNReminders,
  },
};

/** The areas (i18next namespaces; the first segment of a server message code). */
export const MESSAGE_AREAS: readonly string[] = Object.keys(CATALOGUES.en);

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; array items count by index (`sections.0.heading`). */
export function flattenMessages(tree: MessageTree | readonly unknown[], prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const code = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[code] = value;
    else if (value && typeof value === 'object') flattenMessages(value as MessageTree, code, into);
  }
  return into;
}

/** The server's view: every text by message code (`<area>.<key>`), per language. */
export const MESSAGES: Record<Language, Record<string, string>> = {
  'zh-TW': flattenMessages(CATALOGUES['zh-TW']),
  en: flattenMessages(CATALOGUES.en),
  'zh-CN': flattenMessages(CATALOGUES['zh-CN']),
};

export const isMessageCode = (code: string): boolean => Object.hasOwn(MESSAGES.en, code);
