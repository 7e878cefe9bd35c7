import {
  AUTOPAY_REJECTED_PATH,
  AUTOPAY_RESULTS_PATH,
  AUTOPAY_RUNS_PATH,
  type AutopayRejected,
  type AutopayResultSummary,
  type AutopayRun,
  type AutopayRunFile,
  type autopayResultImportSchema,
  type autopayRunRequestSchema,
  ACTIVE_PERIOD_PATH,
  BANK_ACCOUNTS_PATH,
  BANK_LINES_PATH,
  BANK_STATEMENTS_PATH,
  assignLineSchema,
  bankLineResultSchema,
  bankStatementImportResultSchema,
  bankStatementImportSchema,
  csvMappingSchema,
  csvPreviewResultSchema,
  csvPreviewSchema,
  ignoreLineSchema,
  postMatchedResultSchema,
  type BankAccountItem,
  type BankStatementDetail,
  type BankStatementItem,
  ADDRESS_OFFICIAL_PATH,
  ADDRESS_SEARCH_PATH,
  ARTICLE_IMAGE_UPLOAD_PATH,
  ARTICLE_PATH,
  CALCULATOR_EXPORT_PATH,
  CALCULATOR_OPTIONS_PATH,
  CALCULATOR_PATH,
  CODE_FORMATS_PATH,
  COLLECTION_ACTIONS,
  COLLECTION_CONTACTS_CANCEL_PATH,
  COLLECTION_CONTACTS_PATH,
  COLLECTION_DESK_EXPORT_PATH,
  COLLECTION_DESK_PATH,
  type ContactEntry,
  type DeskPage,
  type contactCancelBodySchema,
  type contactCreateSchema,
  COLLECTION_AGENTS_PATH,
  COLLECTION_LOANS_EXPORT_PATH,
  COLLECTION_OVERDUE_PATH,
  COLLECTION_STEPS_EXPORT_PATH,
  COLLECTION_STEPS_PATH,
  COMPANY_INFO_PATH,
  COMPANY_LOGO_UPLOAD_PATH,
  CREATE_SYSTEM_PRESETS_PATH,
  DAILY_JOB_PATH,
  DASHBOARD_API_PATH,
  FORM_LAYOUTS_PATH,
  GET_SYSTEM_PRESETS_PATH,
  HOLIDAY_IMPORT_PATH,
  IMPORT_BATCHES_PATH,
  IMPORT_DRY_RUN_PATH,
  IMPORT_TEMPLATE_PATH,
  type ImportBatch,
  type ImportDryRun,
  type ImportReconciliation,
  LEDGER_PATH,
  LOAN_CHOICES_PATH,
  LOAN_PAPERS_PATH,
  LOANS_PATH,
  OPTION_CHOICES_PATH,
  PRESCRIBED_SUMMARIES_PATH,
  REPAYMENT_ACTIONS,
  REPAYMENT_LOAN_FINDER_PATH,
  REPAYMENT_OPERATION_PATH,
  REPAYMENT_PROCESS_LIST_EXPORT_PATH,
  REPAYMENT_PROCESS_LIST_PATH,
  REPAYMENT_TIPS_EXPORT_PATH,
  REPAYMENT_TIPS_PATH,
  REPORTS_PATH,
  SEARCH_PATH,
  SMS_PATHS,
  SYSTEM_LIST_PATHS,
  TRIAL_BALANCE_EXPORT_PATH,
  VISIBLE_TEL_PATH,
  blacklistResource,
  customerResource,
  loanResource,
  memberResource,
  repaymentResource,
  staffResource,
  type AccessIpSetting,
  type ApprovalRequestItem,
  type ApprovalRequested,
  type ActivePeriod,
  type AgentPaymentInput,
  type AgentPaymentItem,
  type AllocationPreview,
  type AnyLoanActionDecl,
  type AnswerOf,
  type ArticleItem,
  type BodyOf,
  type CalculatorOptions,
  type CalculatorResult,
  type CodeFormatInput,
  type CodeFormatItem,
  type CodeFormatsAnswer,
  type CollectionAgent,
  type CollectionListItem,
  type CollectionStep,
  type CompanyInfo,
  type CompanyInfoInput,
  type CreateSystemDevelopInput,
  type CreateSystemInput,
  type CustomerItem,
  type DailyJobResult,
  type Dashboard,
  type DueState,
  type FormFieldSetting,
  type FormLayout,
  type HolidayImportRequest,
  type HolidayImportResult,
  type LoanBlacklistCheck,
  type LoanBlacklistHit,
  type LoanChoices,
  type LoanDocument,
  type LoanItem,
  type LoanListItem,
  type LoanPapers,
  type MemberItem,
  type OfficialAddresses,
  type OptionChoices,
  type OverdueLoan,
  type Page,
  type PayoutQuote,
  type ApprovalQuote,
  type PermissionTree,
  type PowerKeyChoices,
  type PowerStaffItem,
  type PrescribedSummary,
  type PrescribedSummaryInput,
  type ProcessListPage,
  type RecordedAddresses,
  type RefereeConsentBody,
  type RepaymentItem,
  type RepaymentOperation,
  type RepaymentTipsPage,
  type ReportAnswer,
  type SearchResult,
  type SettingGroup,
  type SettlementQuoteAnswer,
  type SmsCandidate,
  type SmsGateway,
  type SmsGatewayInput,
  type SmsLimits,
  type SmsMessage,
  type SmsScheduleRun,
  type SmsSendResult,
  type Statement,
  type SystemDevelop,
  type SystemMonitor,
  type SystemParam,
  type SystemSettings,
  type SystemSettingsSave,
  type TrialBalance,
  type VisibleTel,
  type agentPaymentVoidSchema,
  type calculatorRequestSchema,
  type correctionBodySchema,
  type customerListStatusSchema,
  type customerRevealAnswerSchema,
  type customerRevealSchema,
  type memberLinkSchema,
  type memberStatusSchema,
  type printBodySchema,
  type receiptPreviewSchema,
  type revokeTokenSchema,
  type smsPreferenceItemSchema,
  type smsPreferenceSchema,
  type smsSendSchema,
  type staffRevealAnswerSchema,
  type staffRevealSchema,
  type staffStateSchema,
  type blacklistRevealAnswerSchema,
  type blacklistRevealSchema,
  type statementRequestBodySchema,
} from '@harbour/contracts';
import { endpoint, type Endpoint } from './endpoint.js';
import { sessionEndpoints } from './session-endpoints.js';

/**
 * Every API call the web makes, in one typed map (docs/web-conventions.md, "Call the API"). An
 * entry is a method, a path (relative to the API base, `:name` parameters typed) and, as types,
 * the body it takes (the contract schema's `z.input`) and the answer it gives (`z.output`). Paths
 * come from the contracts' constants and resource declarations where those exist, so the server
 * and the web read one spelling; `apps/server/test/web-endpoints.test.ts` checks that the server
 * registers every entry with the same method. Call an entry with `call` (`call.ts`).
 *
 * Not here: the generic resource pages' list / item / create / update / delete and declared
 * actions, which build their paths from a resource declaration's `path` (`generic/resource-api.ts`).
 */

/** A body of no fields (the server's schema takes `{}`). */
type Empty = Record<string, never>;
/** A file answer: saved with `callDownload` or read with `callFile`. */
type File_ = Blob;
/** A list used as choices: its rows carry at least an id and a name. */
type Choices = { items: { id: number; name: string }[] };

/** A path with no `:name` parameters whose literal the type does not keep (a declaration's `path: string`). */
declare const plain: unique symbol;
type PlainPath = string & { readonly [plain]: true };

/** The entry of one declared workflow action: its path, body and answer are the declaration's. */
type WorkflowEntry<D extends AnyLoanActionDecl> = Endpoint<'POST', PlainPath, BodyOf<D['body']>, AnswerOf<D['answer']>>;

/**
 * Every declared workflow action of an area (the contracts' `COLLECTION_ACTIONS`,
 * `REPAYMENT_ACTIONS`) as entries by name: an action declared there is callable from the web with
 * no line here.
 */
function workflowActions<const D extends readonly AnyLoanActionDecl[]>(decls: D): { [N in D[number]['name']]: WorkflowEntry<Extract<D[number], { name: N }>> } {
  return Object.fromEntries(decls.map((d) => [d.name, { method: d.method, path: d.path as PlainPath }])) as {
    [N in D[number]['name']]: WorkflowEntry<Extract<D[number], { name: N }>>;
  };
}

const loan = `${LOANS_PATH}/:id` as const;
const loanAction = <N extends keyof typeof loanResource.actions>(name: N) =>
  endpoint<LoanItem, BodyOf<NonNullable<(typeof loanResource.actions)[N]['body']>>>()('POST', `${loan}/${name}` as `${typeof loan}/${N}`);
const customer = `${customerResource.path}/:id` as const;
const member = `${memberResource.path}/:id` as const;
const staff = `${staffResource.path}/:id` as const;
const repayments = repaymentResource.path;

export const endpoints = {
  session: sessionEndpoints,

  search: endpoint<SearchResult>()('GET', SEARCH_PATH),
  dashboard: endpoint<Dashboard>()('GET', DASHBOARD_API_PATH),
  optionChoices: endpoint<OptionChoices>()('GET', OPTION_CHOICES_PATH),

  staff: {
    list: endpoint<Choices>()('GET', staffResource.path),
    /** Id, name and username for pickers (a `ref` field's `refPath`). */
    allAdmins: endpoint<Choices>()('GET', '/admin/allAdmins'),
    setState: endpoint<unknown, BodyOf<typeof staffStateSchema>>()('POST', `${staff}/state`),
    unlock: endpoint<unknown, Empty>()('POST', `${staff}/unlock`),
    reveal: endpoint<AnswerOf<typeof staffRevealAnswerSchema>, BodyOf<typeof staffRevealSchema>>()('POST', `${staff}/reveal`),
    revokeSession: endpoint<unknown, BodyOf<typeof revokeTokenSchema>>()('POST', '/revokeToken'),
    permissionTree: endpoint<PermissionTree>()('GET', '/permissions/tree'),
    refreshPermissions: endpoint<{ added: number; updated: number; total: number }, Empty>()('POST', '/permissions/refresh'),
    accessIpSetting: endpoint<AccessIpSetting>()('GET', '/accessIps/setting'),
    setAccessIpSetting: endpoint<AccessIpSetting, AccessIpSetting>()('POST', '/accessIps/setting'),
    powerKeys: endpoint<PowerKeyChoices>()('GET', '/powerStaff/keys'),
    power: endpoint<PowerStaffItem>()('GET', '/powerStaff/:id'),
  },

  customers: {
    list: endpoint<Page<CustomerItem>>()('GET', customerResource.path),
    get: endpoint<CustomerItem>()('GET', customer),
    create: endpoint<CustomerItem, BodyOf<typeof customerResource.create>>()('POST', customerResource.path),
    update: endpoint<CustomerItem, BodyOf<typeof customerResource.update>>()('PUT', customer),
    reveal: endpoint<AnswerOf<typeof customerRevealAnswerSchema>, BodyOf<typeof customerRevealSchema>>()('POST', `${customer}/reveal`),
    blacklist: endpoint<CustomerItem, BodyOf<typeof customerListStatusSchema>>()('POST', `${customer}/blacklist`),
    whitelist: endpoint<CustomerItem, BodyOf<typeof customerListStatusSchema>>()('POST', `${customer}/whitelist`),
  },

  members: {
    get: endpoint<MemberItem>()('GET', member),
    disable: endpoint<MemberItem, BodyOf<typeof memberStatusSchema>>()('POST', `${member}/disable`),
    enable: endpoint<MemberItem, BodyOf<typeof memberStatusSchema>>()('POST', `${member}/enable`),
    link: endpoint<MemberItem, BodyOf<typeof memberLinkSchema>>()('POST', `${member}/link`),
    unlink: endpoint<MemberItem>()('POST', `${member}/unlink`),
  },

  blacklist: {
    reveal: endpoint<AnswerOf<typeof blacklistRevealAnswerSchema>, BodyOf<typeof blacklistRevealSchema>>()('POST', `${blacklistResource.path}/:id/reveal`),
  },

  loans: {
    list: endpoint<Page<LoanListItem>>()('GET', LOANS_PATH),
    /** The approval and payout queues: the loan list's rows at one step. */
    approvals: endpoint<Page<LoanListItem>>()('GET', '/approvals'),
    payouts: endpoint<Page<LoanListItem>>()('GET', '/payouts'),
    get: endpoint<LoanItem>()('GET', loan),
    create: endpoint<LoanItem, BodyOf<typeof loanResource.create>>()('POST', LOANS_PATH),
    update: endpoint<LoanItem, BodyOf<typeof loanResource.update>>()('PUT', loan),
    choices: endpoint<LoanChoices>()('GET', LOAN_CHOICES_PATH),
    blacklistCheck: endpoint<{ hits: LoanBlacklistHit[] }, LoanBlacklistCheck>()('POST', `${LOANS_PATH}/blacklistCheck`),
    actions: {
      submit: loanAction('submit'),
      approve: loanAction('approve'),
      reject: loanAction('reject'),
      return: loanAction('return'),
      undoApproval: loanAction('undoApproval'),
      signedNote: loanAction('signedNote'),
      suretyPack: loanAction('suretyPack'),
      payout: loanAction('payout'),
      cancel: loanAction('cancel'),
    },
    refereeConsent: endpoint<LoanItem, RefereeConsentBody>()('POST', `${loan}/refereeConsent`),
    payoutQuote: endpoint<PayoutQuote>()('GET', `${loan}/payoutQuote`),
    approvalQuote: endpoint<ApprovalQuote>()('GET', `${loan}/approvalQuote`),
    uploadDocument: endpoint<LoanDocument[], FormData>()('POST', `${loan}/documents`),
    removeDocument: endpoint<LoanDocument[]>()('DELETE', `${loan}/documents/:docId`),
    documentFile: endpoint<File_>()('GET', `${loan}/documents/:docId/file`),
    papers: endpoint<LoanPapers>()('GET', LOAN_PAPERS_PATH),
    print: endpoint<unknown, BodyOf<typeof printBodySchema>>()('POST', `${loan}/print`),
    statement: endpoint<Statement>()('GET', `${loan}/statement`),
    issueStatement: endpoint<Statement, BodyOf<typeof statementRequestBodySchema>>()('POST', `${loan}/statement`),
  },

  approvals: {
    list: endpoint<Page<ApprovalRequestItem>>()('GET', '/approvalRequests'),
    get: endpoint<ApprovalRequestItem>()('GET', '/approvalRequests/:id'),
    approve: endpoint<ApprovalRequestItem, { note?: string }>()('POST', '/approvalRequests/:id/approve'),
    reject: endpoint<ApprovalRequestItem, { note: string }>()('POST', '/approvalRequests/:id/reject'),
    withdraw: endpoint<ApprovalRequestItem, { note?: string }>()('POST', '/approvalRequests/:id/withdraw'),
  },

  repayments: {
    /** receipt (`POST /repayments`), applyTemporary, refundTemporary, settle. */
    ...workflowActions(REPAYMENT_ACTIONS),
    findLoans: endpoint<Page<LoanListItem>>()('GET', REPAYMENT_LOAN_FINDER_PATH),
    due: endpoint<DueState>()('GET', `${repayments}/due`),
    preview: endpoint<AllocationPreview, BodyOf<typeof receiptPreviewSchema>>()('POST', `${repayments}/preview`),
    get: endpoint<RepaymentItem>()('GET', `${repayments}/:id`),
    /** under four eyes the answer is the recorded request (202) instead of the corrected receipt */
    correct: endpoint<RepaymentItem | ApprovalRequested, BodyOf<typeof correctionBodySchema>>()('POST', `${repayments}/:id/correct`),
    settlementQuote: endpoint<SettlementQuoteAnswer>()('GET', `${repayments}/settlement`),
    processList: endpoint<ProcessListPage>()('GET', REPAYMENT_PROCESS_LIST_PATH),
    exportProcessList: endpoint<File_>()('GET', REPAYMENT_PROCESS_LIST_EXPORT_PATH),
    operation: endpoint<RepaymentOperation>()('GET', REPAYMENT_OPERATION_PATH),
    tips: endpoint<RepaymentTipsPage>()('GET', REPAYMENT_TIPS_PATH),
    exportTips: endpoint<File_>()('GET', REPAYMENT_TIPS_EXPORT_PATH),
    runDaily: endpoint<DailyJobResult, Empty>()('POST', DAILY_JOB_PATH),
    autopayRuns: endpoint<AutopayRun[]>()('GET', AUTOPAY_RUNS_PATH),
    makeAutopayRun: endpoint<AutopayRunFile, BodyOf<typeof autopayRunRequestSchema>>()('POST', AUTOPAY_RUNS_PATH),
    importAutopayResults: endpoint<AutopayResultSummary, BodyOf<typeof autopayResultImportSchema>>()('POST', AUTOPAY_RESULTS_PATH),
    autopayRejected: endpoint<AutopayRejected[]>()('GET', AUTOPAY_REJECTED_PATH),
  },

  collection: {
    /** transfer, recall, writeOff, cancelWriteOff, recover, voidRecovery. */
    ...workflowActions(COLLECTION_ACTIONS),
    loans: endpoint<Page<CollectionListItem>>()('GET', '/collection/loans'),
    exportLoans: endpoint<File_>()('GET', COLLECTION_LOANS_EXPORT_PATH),
    steps: endpoint<Page<CollectionStep>>()('GET', COLLECTION_STEPS_PATH),
    exportSteps: endpoint<File_>()('GET', COLLECTION_STEPS_EXPORT_PATH),
    agents: endpoint<CollectionAgent[]>()('GET', COLLECTION_AGENTS_PATH),
    overdueLoans: endpoint<OverdueLoan[]>()('GET', COLLECTION_OVERDUE_PATH),
    payAgent: endpoint<AgentPaymentItem, AgentPaymentInput>()('POST', '/collection/agentPayments'),
    voidPayment: endpoint<AgentPaymentItem, BodyOf<typeof agentPaymentVoidSchema>>()('POST', '/collection/agentPayments/void'),
    /** The collector's desk: a loan's contact log, logging and cancelling contacts, the desk's lists. */
    contacts: endpoint<ContactEntry[]>()('GET', COLLECTION_CONTACTS_PATH),
    logContact: endpoint<ContactEntry, BodyOf<typeof contactCreateSchema>>()('POST', COLLECTION_CONTACTS_PATH),
    cancelContact: endpoint<ContactEntry, BodyOf<typeof contactCancelBodySchema>>()('POST', COLLECTION_CONTACTS_CANCEL_PATH),
    desk: endpoint<DeskPage>()('GET', COLLECTION_DESK_PATH),
    exportDesk: endpoint<File_>()('GET', COLLECTION_DESK_EXPORT_PATH),
  },

  sms: {
    limits: endpoint<SmsLimits>()('GET', SMS_PATHS.limits),
    candidates: endpoint<Page<SmsCandidate> & { reminderDays: number }>()('GET', SMS_PATHS.candidates),
    send: endpoint<SmsSendResult, BodyOf<typeof smsSendSchema>>()('POST', SMS_PATHS.send),
    messages: endpoint<Page<SmsMessage>>()('GET', SMS_PATHS.messages),
    gateway: endpoint<SmsGateway>()('GET', SMS_PATHS.gateway),
    saveGateway: endpoint<SmsGateway, SmsGatewayInput>()('PUT', SMS_PATHS.gateway),
    runSchedule: endpoint<SmsScheduleRun, Empty>()('POST', SMS_PATHS.runSchedule),
    setPreference: endpoint<AnswerOf<typeof smsPreferenceItemSchema>, BodyOf<typeof smsPreferenceSchema>>()('PUT', SMS_PATHS.preference),
  },

  bankReconciliation: {
    accounts: endpoint<BankAccountItem[]>()('GET', `${BANK_STATEMENTS_PATH}/accounts`),
    saveCsvMapping: endpoint<BankAccountItem, BodyOf<typeof csvMappingSchema>>()('POST', `${BANK_ACCOUNTS_PATH}/:id/saveCsvMapping`),
    csvPreview: endpoint<AnswerOf<typeof csvPreviewResultSchema>, BodyOf<typeof csvPreviewSchema>>()('POST', `${BANK_STATEMENTS_PATH}/csvPreview`),
    importStatement: endpoint<AnswerOf<typeof bankStatementImportResultSchema>, BodyOf<typeof bankStatementImportSchema>>()('POST', `${BANK_STATEMENTS_PATH}/import`),
    statements: endpoint<Page<BankStatementItem>>()('GET', BANK_STATEMENTS_PATH),
    statement: endpoint<BankStatementDetail>()('GET', `${BANK_STATEMENTS_PATH}/:id`),
    postMatched: endpoint<AnswerOf<typeof postMatchedResultSchema>, Empty>()('POST', `${BANK_STATEMENTS_PATH}/:id/postMatched`),
    assign: endpoint<AnswerOf<typeof bankLineResultSchema>, BodyOf<typeof assignLineSchema>>()('POST', `${BANK_LINES_PATH}/:id/assign`),
    suspense: endpoint<AnswerOf<typeof bankLineResultSchema>, Empty>()('POST', `${BANK_LINES_PATH}/:id/suspense`),
    ignore: endpoint<AnswerOf<typeof bankLineResultSchema>, BodyOf<typeof ignoreLineSchema>>()('POST', `${BANK_LINES_PATH}/:id/ignore`),
  },

  reports: {
    run: endpoint<ReportAnswer>()('GET', `${REPORTS_PATH}/:name`),
    export: endpoint<File_>()('GET', `${REPORTS_PATH}/:name/export`),
    trialBalance: endpoint<TrialBalance>()('GET', `${LEDGER_PATH}/trialBalance`),
    exportTrialBalance: endpoint<File_>()('GET', TRIAL_BALANCE_EXPORT_PATH),
  },

  tools: {
    calculatorOptions: endpoint<CalculatorOptions>()('GET', CALCULATOR_OPTIONS_PATH),
    calculate: endpoint<CalculatorResult, CalculatorBody>()('POST', CALCULATOR_PATH),
    exportCalculation: endpoint<File_, CalculatorBody>()('POST', CALCULATOR_EXPORT_PATH),
    recordedAddresses: endpoint<RecordedAddresses>()('GET', ADDRESS_SEARCH_PATH),
    officialAddresses: endpoint<OfficialAddresses>()('GET', ADDRESS_OFFICIAL_PATH),
    formLayouts: endpoint<FormLayout[]>()('GET', FORM_LAYOUTS_PATH),
    formLayout: endpoint<FormLayout>()('GET', `${FORM_LAYOUTS_PATH}/:loanType`),
    saveFormLayout: endpoint<FormLayout, { fields: FormFieldSetting[] }>()('PUT', `${FORM_LAYOUTS_PATH}/:loanType`),
    importHolidays: endpoint<HolidayImportResult, HolidayImportRequest>()('POST', HOLIDAY_IMPORT_PATH),
    importTemplate: endpoint<File_>()('GET', IMPORT_TEMPLATE_PATH),
    importDryRun: endpoint<ImportDryRun, FormData>()('POST', IMPORT_DRY_RUN_PATH),
    importRejectedRows: endpoint<File_, FormData>()('POST', '/tools/import/rejectedRows'),
    importBatches: endpoint<ImportBatch[]>()('GET', IMPORT_BATCHES_PATH),
    commitImport: endpoint<ImportBatch, FormData>()('POST', IMPORT_BATCHES_PATH),
    rollbackImport: endpoint<ImportBatch>()('POST', `${IMPORT_BATCHES_PATH}/:id/rollback`),
    importReconciliation: endpoint<ImportReconciliation>()('GET', `${IMPORT_BATCHES_PATH}/:id/reconciliation`),
    exportImportReconciliation: endpoint<File_>()('GET', `${IMPORT_BATCHES_PATH}/:id/reconciliation/export`),
  },

  company: {
    get: endpoint<CompanyInfo>()('GET', COMPANY_INFO_PATH),
    save: endpoint<CompanyInfo, CompanyInfoInput>()('PUT', COMPANY_INFO_PATH),
    uploadLogo: endpoint<CompanyInfo, FormData>()('POST', COMPANY_LOGO_UPLOAD_PATH),
    prescribedSummaries: endpoint<PrescribedSummary[]>()('GET', PRESCRIBED_SUMMARIES_PATH),
    addPrescribedSummary: endpoint<PrescribedSummary, PrescribedSummaryInput>()('POST', PRESCRIBED_SUMMARIES_PATH),
  },

  articles: {
    uploadImage: endpoint<{ url: string }, FormData>()('POST', ARTICLE_IMAGE_UPLOAD_PATH),
    publish: endpoint<ArticleItem>()('POST', `${ARTICLE_PATH}/:id/publish`),
    unpublish: endpoint<ArticleItem>()('POST', `${ARTICLE_PATH}/:id/unpublish`),
  },

  system: {
    presets: endpoint<SystemSettings>()('GET', GET_SYSTEM_PRESETS_PATH),
    savePresets: endpoint<SystemSettings, SystemSettingsSave>()('POST', CREATE_SYSTEM_PRESETS_PATH),
    codeFormats: endpoint<CodeFormatsAnswer>()('GET', CODE_FORMATS_PATH),
    saveCodeFormat: endpoint<CodeFormatItem, CodeFormatInput>()('PUT', `${CODE_FORMATS_PATH}/:kind`),
    activePeriod: endpoint<ActivePeriod>()('GET', ACTIVE_PERIOD_PATH),
    saveActivePeriod: endpoint<ActivePeriod, ActivePeriod & { reason?: string }>()('PUT', ACTIVE_PERIOD_PATH),
    visibleTel: endpoint<VisibleTel>()('GET', VISIBLE_TEL_PATH),
    saveVisibleTel: endpoint<VisibleTel, VisibleTel>()('PUT', VISIBLE_TEL_PATH),
    groups: endpoint<{ id: SettingGroup; count: number }[]>()('GET', SYSTEM_LIST_PATHS.groups),
    group: endpoint<SystemParam[]>()('GET', SYSTEM_LIST_PATHS.group),
    set: endpoint<SystemParam, CreateSystemInput>()('POST', SYSTEM_LIST_PATHS.set),
    developList: endpoint<SystemDevelop[]>()('GET', SYSTEM_LIST_PATHS.developList),
    setDevelop: endpoint<SystemDevelop, CreateSystemDevelopInput>()('POST', SYSTEM_LIST_PATHS.setDevelop),
    monitor: endpoint<SystemMonitor>()('GET', SYSTEM_LIST_PATHS.monitor),
  },
};

/** The calculator's body (also the loan form's live preview): the contract's loan terms. */
export type CalculatorBody = BodyOf<typeof calculatorRequestSchema>;

/** A customer's body on create and on edit. */
export type CustomerCreateBody = BodyOf<typeof customerResource.create>;
export type CustomerUpdateBody = BodyOf<typeof customerResource.update>;

/** The receipt preview's body (the allocation asked for before posting). */
export type ReceiptPreviewBody = BodyOf<typeof receiptPreviewSchema>;

/** A statement's issue (MLO s.19 / s.20 written request). */
export type StatementIssueBody = BodyOf<typeof statementRequestBodySchema>;

/** The loan application's body (create and edit). */
export type LoanApplicationBody = BodyOf<typeof loanResource.create>;

/** The body of one declared loan action. */
export type LoanActionBody<N extends keyof typeof endpoints.loans.actions> = (typeof endpoints.loans.actions)[N] extends import('./endpoint.js').Endpoint<'POST', string, infer B> ? B : never;
