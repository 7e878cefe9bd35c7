/**
 * PAGE REGISTRY: the server's menu (`asyncRouterMap`) names each page by a key in `component`;
 * this maps the key to a lazily loaded React component, so every page is its own chunk.
 *
 * To add a page: add one line `<key>: lazy(() => import('../pages/<area>/<Page>.js'))` below
 * (the module's default export is the page). Keys are the ones the server's permission catalogue
 * uses (`menu.pageKey`). Generic resource pages can instead register a resolver for a key prefix.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { REPORTS } from '@harbour/contracts';

export type PageComponent = ComponentType;

/**
 * A lazily loaded page that can be fetched ahead (`preload`, e.g. the dashboard while the login
 * form is typed in) and, once loaded, renders at once: a plain `lazy()` suspends on its first
 * render even when its chunk is already here, and React then holds the page back behind the
 * Suspense fallback for its reveal throttle.
 */
export function preloadablePage(load: () => Promise<{ default: ComponentType }>): PageComponent & { preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (err: unknown) => {
        loading = undefined; // a failed fetch (network) may be tried again
        throw err;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // Chosen once per mounted page: switching from `Lazy` to the loaded component later would
  // remount the page and lose what was typed into it.
  const Page = () => {
    const [type] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(type);
  };
  Page.preload = preload;
  return Page;
}

/**
 * The first page after login, and a tab that is always open: fetched as soon as this registry
 * (the shell's chunk) arrives, which app/preload.ts has happen while the login form is filled in.
 */
export const dashboardPage = preloadablePage(() => import('../pages/dashboard/DashboardPage.js'));
dashboardPage.preload().catch(() => undefined);

/** Every declared report's menu page (`reports.<name>` at `/reports/<name>`). */
const reportPage = lazy(() => import('../pages/reports/ReportPage.js'));

export const pages: Record<string, PageComponent> = {
  // Shell pages (fixed routes, spec §2). The server's menu names the dashboard by its
  // permission key; the fixed route (used when the menu lacks it) by `dashboard`.
  'dashboard.view': dashboardPage,
  dashboard: dashboardPage,
  adminModify: lazy(() => import('../pages/profile/AdminModifyPage.js')),
  test: lazy(() => import('../pages/test/TestPage.js')),
  // Administration (spec §2 Admin, Power, Role, Stores, Staff, System): pages/admin.
  'admin.list': lazy(() => import('../pages/admin/StaffPage.js')),
  'admin.log': lazy(() => import('../pages/admin/AdminLogPage.js')),
  // The former read-only staff summaries: the shell sends their addresses on to the one staff list (MOVED_PAGES).
  'staff.list': lazy(() => import('../pages/admin/StaffPage.js')),
  'masterdata.staffInfo': lazy(() => import('../pages/admin/StaffPage.js')),
  'power.list': lazy(() => import('../pages/admin/PermissionsPage.js')),
  'power.staffList': lazy(() => import('../pages/admin/PowerStaffPage.js')),
  'role.list': lazy(() => import('../pages/admin/RolesPage.js')),
  'stores.list': lazy(() => import('../pages/admin/StoresPage.js')),
  'blacklist.list': lazy(() => import('../pages/blacklist/BlacklistPage.js')),
  'system.accessIps.list': lazy(() => import('../pages/admin/AccessIpsPage.js')),
  'system.loginList': lazy(() => import('../pages/admin/LoginListPage.js')),
  'system.log': lazy(() => import('../pages/admin/SystemLogPage.js')),
  'system.list': lazy(() => import('../pages/system-list/SystemListPage.js')),
  'system.developList': lazy(() => import('../pages/system-list/DevelopListPage.js')),
  'system.monitor': lazy(() => import('../pages/monitor/MonitorPage.js')),
  // Loan mathematics around the domain: calculator, default settings, holidays.
  'tools.calculator': lazy(() => import('../pages/tools/CalculatorPage.js')),
  'tools.formBuilder': lazy(() => import('../pages/loans/form-builder/FormBuilderPage.js')),
  'tools.applicationForm': lazy(() => import('../pages/loans/application-form/ApplicationFormPage.js')),
  'tools.addressSearch': lazy(() => import('../pages/tools/address/AddressSearchPage.js')),
  'tools.dataImport': lazy(() => import('../pages/tools/data-import/DataImportPage.js')),
  // Reports: the ledger's trial balance.
  'reports.trialBalance': lazy(() => import('../pages/ledger/TrialBalancePage.js')),
  // Repayment → tips list: loans due soon and overdue, from the daily servicing job's summaries.
  'repayment.tipsList': lazy(() => import('../pages/repayments/TipsListPage.js')),
  // Repayment → collector's desk: the work queue, today's and broken promises to pay.
  'collection.contacts': lazy(() => import('../pages/collection-desk/CollectorDeskPage.js')),
  'system.settings': lazy(() => import('../pages/system-settings/SettingsPage.js')),
  'system.codeFormat': lazy(() => import('../pages/system-settings/CodeFormatPage.js')),
  'system.activePeriod': lazy(() => import('../pages/system-settings/ActivePeriodPage.js')),
  'system.visibleTel': lazy(() => import('../pages/system-settings/VisibleTelPage.js')),
  // Loans from application to payout (spec §2 Loan, Approval, Payout): pages/loans.
  'loan.list': lazy(() => import('../pages/loans/LoanListPage.js')),
  'loan.create': lazy(() => import('../pages/loans/LoanFormPage.js')),
  'loan.edit': lazy(() => import('../pages/loans/LoanFormPage.js')),
  'loan.operation': lazy(() => import('../pages/loans/LoanOperationPage.js')),
  'loan.print': lazy(() => import('../pages/loans/papers/LoanPapersPage.js')),
  'repayment.settlement': lazy(() => import('../pages/repayments/settlement/SettlementPage.js')),
  'approval.list': lazy(() => import('../pages/loans/ApprovalListPage.js')),
  'approval.detail': lazy(() => import('../pages/loans/LoanOperationPage.js')),
  // Four eyes' queue: requests for controlled actions, approved or rejected by a second person.
  'approval.requests': lazy(() => import('../pages/approvals/ApprovalRequestsPage.js')),
  'payout.list': lazy(() => import('../pages/loans/PayoutListPage.js')),
  'payout.detail': lazy(() => import('../pages/loans/LoanOperationPage.js')),
  // Repayments (spec §2 Repayment process, Repayment list): pages/repayments.
  'repayment.process': lazy(() => import('../pages/repayments/RepaymentProcessPage.js')),
  'repayment.list': lazy(() => import('../pages/repayments/RepaymentListPage.js')),
  'repayment.statement': lazy(() => import('../pages/repayments/StatementPage.js')),
  'repayment.autopay': lazy(() => import('../pages/repayments/AutopayPage.js')),
  // Repayment → process list (the loans being serviced) and operation (one loan's servicing view).
  'repayment.processList': lazy(() => import('../pages/repayments/ProcessListPage.js')),
  'repayment.operation': lazy(() => import('../pages/repayments/RepaymentOperationPage.js')),
  // Repayment → bank reconciliation (statements, matching, posting) and master data → bank accounts.
  'repayment.bankReconciliation': lazy(() => import('../pages/bank-reconciliation/ReconciliationPage.js')),
  'masterdata.bankAccount.list': lazy(() => import('../pages/bank-reconciliation/BankAccountPage.js')),
  'masterdata.holidays.list': lazy(() => import('../pages/holidays/HolidaysPage.js')),
  // Master data: outside parties (generic pages over their declarations).
  'masterdata.bank.list': lazy(() => import('../pages/masterdata/BankPage.js')),
  'masterdata.solicitor.list': lazy(() => import('../pages/masterdata/SolicitorPage.js')),
  // OCA write-off (spec §2 OCA write-off list, process list): pages/oca.
  'oca.list': lazy(() => import('../pages/oca/OcaListPage.js')),
  'oca.processList': lazy(() => import('../pages/oca/OcaProcessListPage.js')),
  'masterdata.ocaAgent.list': lazy(() => import('../pages/masterdata/OcaAgentPage.js')),
  'masterdata.referralAgent.list': lazy(() => import('../pages/masterdata/ReferralAgentPage.js')),
  'masterdata.staffLevel.list': lazy(() => import('../pages/masterdata/StaffLevelPage.js')),
  'masterdata.company': lazy(() => import('../pages/company/CompanyInfoPage.js')),
  'masterdata.smsContent': lazy(() => import('../pages/sms/SmsContentPage.js')),
  'sms.list': lazy(() => import('../pages/sms/SendSmsListPage.js')),
  // Master data option lists (customer related, loan related): one page, one group each.
  'masterdata.customer': lazy(() => import('../pages/options/OptionsPage.js').then((m) => ({ default: m.CustomerOptionsPage }))),
  'masterdata.loan': lazy(() => import('../pages/options/OptionsPage.js').then((m) => ({ default: m.LoanOptionsPage }))),
  // Articles: the generic list, and the edit screen with its lazily loaded rich-text editor.
  'article.list': lazy(() => import('../pages/article/ArticleListPage.js')),
  'article.edit': lazy(() => import('../pages/article/ArticleEditPage.js')),
  // Persona list = the customer register: list, create, edit, detail.
  'persona.list': lazy(() => import('../pages/persona/PersonaListPage.js')),
  'persona.create': lazy(() => import('../pages/persona/PersonaFormPage.js').then((m) => ({ default: m.PersonaCreatePage }))),
  'persona.edit': lazy(() => import('../pages/persona/PersonaFormPage.js').then((m) => ({ default: m.PersonaEditPage }))),
  'persona.detail': lazy(() => import('../pages/persona/PersonaDetailPage.js')),
  // Member list = the website / app accounts: the generic list with create / edit, and the detail page.
  'member.list': lazy(() => import('../pages/members/MemberListPage.js')),
  'member.view': lazy(() => import('../pages/members/MemberDetailPage.js')),
  // Reports (spec §2): one page renders every declared report from its declaration.
  ...Object.fromEntries(REPORTS.map((r) => [`reports.${r.name}`, reportPage])),
};

/** Resolvers for families of keys, e.g. `resource:<name>` → the generic list page of that resource. */
export const pageResolvers: Array<(key: string) => PageComponent | undefined> = [];

export function resolvePage(key: string | undefined): PageComponent | undefined {
  if (!key) return undefined;
  if (Object.hasOwn(pages, key)) return pages[key];
  for (const resolve of pageResolvers) {
    const page = resolve(key);
    if (page) return page;
  }
  return undefined;
}
