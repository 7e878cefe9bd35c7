import { FpsPaymentCode } from '../../../components/FpsPaymentCode';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { LoanPapers, PaperLanguage, PaperName } from '@harbour/contracts';
import { formatDate } from '../../../components/format.js';
import { LenderHeader } from '../../../components/LenderHeader';
import summaryEn from './mlo-summary.en.txt?raw';
import summaryZh from './mlo-summary.zh-TW.txt?raw';
import {
  affordabilityOf,
  amountInWords,
  lenderIn,
  paperMoney,
  paperRate,
  personName,
  placeOfNegotiation,
  scheduleTotals,
  textBlocks,
} from './papers-model.js';

/**
 * The printed papers of a loan, each an A4 sheet with the lender's header. The texts come from
 * the `papers` catalogue in the paper's language (`t` is fixed to it), whatever the staff member's.
 */
interface PaperProps {
  p: LoanPapers;
  lang: PaperLanguage;
  t: TFunction<'papers'>;
}

/**
 * Harbour's own summary, printed (with the boxed notice) only until the lender enters the official
 * text of Cap. 163A Schedule 3 in force on the loan's agreement date (docs/s18-documents.md).
 */
const HARBOUR_SUMMARY: Record<PaperLanguage, string> = { 'zh-TW': summaryZh, en: summaryEn };

const date = (v: string | null | undefined) => formatDate(v ?? null);

function Header({ p, lang, t, title, subtitle }: PaperProps & { title: string; subtitle?: string }) {
  return (
    <LenderHeader
      lender={p.lender}
      lang={lang}
      t={t}
      title={title}
      subtitle={subtitle}
      reference={
        <>
          <div>{t('header.applyNo', { applyNo: p.loan.applyNo })}</div>
          {p.loan.loanNo && <div>{t('header.loanNo', { loanNo: p.loan.loanNo })}</div>}
        </>
      }
    />
  );
}

function Signatures({ t, people }: { t: TFunction<'papers'>; people: { label: string; name?: string }[] }) {
  return (
    <div className="paper-signatures">
      {people.map((s, i) => (
        <div className="paper-signature" key={i}>
          <div className="paper-sign-line" />
          <div>{s.label}</div>
          <div className="paper-small">
            {t('common.name')}: {s.name ?? ''}
          </div>
          <div className="paper-small">{t('common.date')}:</div>
        </div>
      ))}
    </div>
  );
}

/** A declaration's closing sentence, signed by the borrower and the staff member responsible. */
function SignedByBorrowerAndStaff({ p, t, text }: { p: LoanPapers; t: TFunction<'papers'>; text: string }) {
  return (
    <>
      <p className="paper-text">{text}</p>
      <Signatures
        t={t}
        people={[
          { label: t('common.signBorrower'), name: personName(p.borrower) },
          { label: t('common.signStaff'), name: p.loan.staffName },
        ]}
      />
    </>
  );
}

/** The money of a paper: "HK$50,000.00" / "港幣 50,000.00 元". */
const hkd = (t: TFunction<'papers'>, v: string | null | undefined) => t('common.hkd', { amount: paperMoney(v) });

function cycleText(p: LoanPapers, t: TFunction<'papers'>): string {
  const l = p.loan;
  if (l.repayCycle === 'monthly' && l.cycleMonths && l.cycleMonths > 1) return t('cycle.monthlyN', { count: l.cycleMonths });
  if (l.repayCycle === 'every-n-days') return t('cycle.every-n-days', { count: l.cycleDays ?? 0 });
  return t(`cycle.${l.repayCycle}`);
}

/** The terms of repayment: instalments, cycle, first and last due dates, totals. */
const repaymentText = (p: LoanPapers, t: TFunction<'papers'>) =>
  t('s18.gText', {
    count: p.loan.totalTenor,
    instalment: paperMoney(p.loan.instalmentAmount),
    cycle: cycleText(p, t),
    first: date(p.loan.firstDueDate),
    last: date(p.loan.lastDueDate),
    total: paperMoney(p.loan.totalRepayment),
    principal: paperMoney(p.loan.loanAmount),
    interest: paperMoney(p.loan.totalInterest),
  });

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

function PersonLines({ t, people }: { t: TFunction<'papers'>; people: LoanPapers['sureties'] }) {
  if (people.length === 0) return <>{t('common.none')}</>;
  return (
    <>
      {people.map((s, i) => (
        <div key={i} className="paper-person">
          <div>
            {personName(s)} · {t('common.idNumber', { id: s.idNumber })}
          </div>
          <div>{s.address ?? t('common.none')}</div>
        </div>
      ))}
    </>
  );
}

export function S18Note({ p, lang, t }: PaperProps) {
  const lender = lenderIn(p.lender, lang);
  const security = [
    ...p.collaterals.map((c) => t('s18.hProperty', { address: c.address, owner: c.ownerName })),
    ...(p.sureties.length > 0 ? [t('s18.hGuarantee', { names: p.sureties.map(personName).join(lang === 'en' ? ', ' : '、') })] : []),
  ];
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('s18.title')} subtitle={t('s18.subtitle')} />
      <table className="paper-table paper-items">
        <tbody>
          <Row label={t('s18.a')}>
            <div className="paper-person">
              <div>{lender.name}</div>
              <div>{lender.address}</div>
            </div>
          </Row>
          <Row label={t('s18.b')}>
            <PersonLines t={t} people={[p.borrower]} />
            {p.jointBorrowers.map((j, i) => (
              <div key={i} className="paper-person">
                <div>
                  {t('s18.joint')}: {personName(j)} · {t('common.idNumber', { id: j.idNumber })}
                </div>
                <div>{j.address ?? t('common.none')}</div>
              </div>
            ))}
          </Row>
          <Row label={t('s18.c')}>
            <PersonLines t={t} people={p.sureties} />
          </Row>
          <Row label={t('s18.d')}>
            <div className="paper-figure">{hkd(t, p.loan.loanAmount)}</div>
            <div className="paper-words">{amountInWords(p.loan.loanAmount, lang)}</div>
          </Row>
          <Row label={t('s18.e')}>{date(p.loan.loanDate)}</Row>
          <Row label={t('s18.f')}>{p.loan.payoutDate ? date(p.loan.payoutDate) : t('s18.fPlanned', { date: date(p.loan.loanDate) })}</Row>
          <Row label={t('s18.g')}>{repaymentText(p, t)}</Row>
          <Row label={t('s18.h')}>{security.length === 0 ? t('common.none') : security.map((s, i) => <div key={i}>{s}</div>)}</Row>
          <Row label={t('s18.i')}>{t('s18.iText', { nominal: paperRate(p.loan.nominalRate), effective: paperRate(p.loan.mloRate) })}</Row>
          <Row label={t('s18.j')}>{t('s18.jText', { place: placeOfNegotiation(p, lang) })}</Row>
        </tbody>
      </table>
      <RateFootnote t={t} />
      <p className="paper-text">{t('s18.ack')}</p>
      <Signatures
        t={t}
        people={[
          { label: t('common.signBorrower'), name: personName(p.borrower) },
          ...p.jointBorrowers.map((j) => ({ label: t('common.signBorrower'), name: personName(j) })),
          ...p.sureties.map((s) => ({ label: t('common.signSurety'), name: personName(s) })),
          { label: t('common.signLender'), name: lender.name },
        ]}
      />
    </>
  );
}

/** The prescribed summary the lender entered (the version in force on the agreement date), else Harbour's own, marked. */
export function MloSummary({ p, lang, t }: PaperProps) {
  const official = p.prescribedSummary;
  const text = official ? (lang === 'en' ? official.textEn : official.textZh) : HARBOUR_SUMMARY[lang];
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('summary.title')} subtitle={t('summary.subtitle')} />
      {!official && <p className="paper-notice">{t('summary.notOfficial')}</p>}
      <div className="paper-summary">
        {textBlocks(text).map((b, i) => (b.heading ? <h3 key={i}>{b.text}</h3> : <p key={i}>{b.text}</p>))}
      </div>
      {official && <footer className="paper-footer paper-small">{t('summary.version', { version: official.version, date: date(official.effectiveFrom) })}</footer>}
    </>
  );
}

export function TermsExplained({ p, lang, t }: PaperProps) {
  const a = p.approval;
  const fee = (v: string | null | undefined) => (v && !/^0+(\.0+)?$/.test(v) ? hkd(t, v) : t('common.none'));
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('terms.title')} />
      <p className="paper-text">{t('terms.intro')}</p>
      <table className="paper-table paper-items">
        <tbody>
          <Row label={t('terms.rate')}>
            <div>{t('terms.rateText', { nominal: paperRate(p.loan.nominalRate), effective: paperRate(p.loan.mloRate) })}</div>
            {p.loan.flatRate && (
              <div className="paper-small">
                {t('terms.flat')}: {paperRate(p.loan.flatRate)}%
              </div>
            )}
          </Row>
          <Row label={t('terms.fees')}>
            {a ? (
              <>
                <div>
                  {t('terms.upfront')}: {fee(a.upfrontInterest)}
                </div>
                <div>
                  {t('terms.handling')}: {fee(a.handlingFee)}
                </div>
                <div>
                  {t('terms.lateDrawdown')}: {fee(a.lateDrawdownFee)}
                </div>
                {a.earlySettleLockMonths ? (
                  <div>
                    {t('terms.lockPeriod', { months: a.earlySettleLockMonths })}: {fee(a.lockPeriodFee)}
                  </div>
                ) : null}
              </>
            ) : (
              t('terms.noApproval')
            )}
          </Row>
          <Row label={t('terms.repayment')}>{repaymentText(p, t)}</Row>
          <Row label={t('terms.default')}>
            {a ? (
              <>
                <div>
                  {t('terms.overdueRate')}: {a.overdueRate ? t('terms.overdueRateText', { rate: paperRate(a.overdueRate) }) : t('common.none')}
                </div>
                <div>
                  {t('terms.penalty')}: {fee(a.overduePenalty)}
                </div>
              </>
            ) : (
              t('terms.noApproval')
            )}
          </Row>
        </tbody>
      </table>
      <RateFootnote t={t} />
      <SignedByBorrowerAndStaff p={p} t={t} text={t('terms.confirm')} />
    </>
  );
}

const Tick = ({ on }: { on: boolean }) => <span className="paper-tick">{on ? '☑' : '☐'}</span>;

export function IntermediaryDeclaration({ p, lang, t }: PaperProps) {
  const agent = p.referralAgent;
  const agentName = agent ? (lang === 'en' ? agent.nameEn || agent.nameZh : agent.nameZh || agent.nameEn) : '';
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('intermediary.title')} />
      <p className="paper-text">{t('intermediary.intro')}</p>
      <ul className="paper-ticks">
        <li>
          <Tick on={!agent} /> {t('intermediary.noThirdParty')}
        </li>
        <li>
          <Tick on={!!agent} /> {t('intermediary.referred', { agent: agent ? agentName : '____________________' })}
          {agent?.licenceNo ? ` (${t('intermediary.agentLicence', { no: agent.licenceNo })})` : ''}
        </li>
        <li>
          <Tick on /> {t('intermediary.noFee')}
        </li>
        <li>
          <Tick on /> {t('intermediary.understand')}
        </li>
      </ul>
      <p className="paper-warning">
        {t('intermediary.warning')}
        <br />
        {t('intermediary.warningOther')}
      </p>
      <Signatures t={t} people={[{ label: t('common.signBorrower'), name: personName(p.borrower) }]} />
    </>
  );
}

export function AffordabilityDeclaration({ p, lang, t }: PaperProps) {
  const f = affordabilityOf(p);
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('affordability.title')} />
      <p className="paper-text">{t('affordability.intro')}</p>
      <table className="paper-table paper-items">
        <tbody>
          <Row label={t('affordability.income')}>{f.income ? hkd(t, f.income) : t('common.none')}</Row>
          <Row label={t('affordability.employer')}>{[p.borrower.companyName, p.borrower.position].filter(Boolean).join(' · ') || t('common.none')}</Row>
        </tbody>
      </table>
      <h3 className="paper-h3">{t('affordability.debts')}</h3>
      {p.creditReferences.length === 0 ? (
        <p className="paper-text">{t('affordability.noDebts')}</p>
      ) : (
        <div className="paper-scroll">
          <table className="paper-table paper-grid">
            <thead>
              <tr>
                <th>{t('affordability.creditor')}</th>
                <th>{t('affordability.type')}</th>
                <th className="num">{t('affordability.amount')}</th>
                <th className="num">{t('affordability.instalment')}</th>
                <th className="num">{t('affordability.tenors')}</th>
              </tr>
            </thead>
            <tbody>
              {p.creditReferences.map((c, i) => (
                <tr key={i}>
                  <td>{c.creditName}</td>
                  <td>{c.creditType ?? ''}</td>
                  <td className="num">{paperMoney(c.loanAmount)}</td>
                  <td className="num">{paperMoney(c.instalmentAmount)}</td>
                  <td className="num">{c.outstandingTenors ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <table className="paper-table paper-items paper-figures">
        <tbody>
          <Row label={t('affordability.existing')}>
            <span className="num">{hkd(t, f.existing)}</span>
          </Row>
          <Row label={t('affordability.newInstalment')}>
            <span className="num">{hkd(t, f.newMonthly)}</span>
          </Row>
          <Row label={t('affordability.total')}>
            <span className="num">{hkd(t, f.total)}</span>
          </Row>
          <Row label={t('affordability.ratio')}>
            <span className="num">{f.ratio === null ? t('affordability.ratioUnknown') : `${f.ratio}%`}</span>
          </Row>
        </tbody>
      </table>
      <SignedByBorrowerAndStaff p={p} t={t} text={t('affordability.confirm')} />
    </>
  );
}

export function RepaymentSchedule({ p, lang, t }: PaperProps) {
  const rows = p.schedule.rows;
  const totals = scheduleTotals(rows);
  const rates = { flat: p.loan.flatRate && paperRate(p.loan.flatRate), nominal: paperRate(p.loan.nominalRate), effective: paperRate(p.loan.mloRate) };
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('schedule.title')} />
      <p className="paper-small">
        {personName(p.borrower)} · {hkd(t, p.loan.loanAmount)}
      </p>
      <p className="paper-small">{t(rates.flat ? 'schedule.rates' : 'schedule.ratesNoFlat', rates)}</p>
      {p.schedule.source === 'computed' && <p className="paper-notice">{t('schedule.computed')}</p>}
      <div className="paper-scroll">
        <table className="paper-table paper-grid">
          <thead>
            <tr>
              <th className="num">{t('schedule.tenor')}</th>
              <th>{t('schedule.dueDate')}</th>
              <th className="num">{t('schedule.principal')}</th>
              <th className="num">{t('schedule.interest')}</th>
              <th className="num">{t('schedule.instalment')}</th>
              <th className="num">{t('schedule.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.tenor}>
                <td className="num">{r.tenor}</td>
                <td className="date">{date(r.dueDate)}</td>
                <td className="num">{paperMoney(r.principal)}</td>
                <td className="num">{paperMoney(r.interest)}</td>
                <td className="num">{paperMoney(r.instalment)}</td>
                <td className="num">{paperMoney(r.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>{t('schedule.total')}</th>
              <td className="num">{paperMoney(totals.principal)}</td>
              <td className="num">{paperMoney(totals.interest)}</td>
              <td className="num">{paperMoney(totals.instalment)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {/* one instalment's amount: the schedule's instalments are equal but for the last */}
      <RateFootnote t={t} />
      {p.loan.loanNo && <FpsPaymentCode amount={rows[0]?.instalment ?? null} reference={p.loan.loanNo} t={t} />}
    </>
  );
}

/** What the rates a paper names are (flat, nominal annual, effective annual under the Ordinance): the footnote of the papers that show them. */
function RateFootnote({ t }: { t: PaperProps['t'] }) {
  return <p className="paper-small paper-footnote">{t('rateFootnote')}</p>;
}

export function PayoutReceipt({ p, lang, t }: PaperProps) {
  const pay = p.payout;
  if (!pay) return null;
  const line = (label: string, v: string, strong = false) => (
    <tr className={strong ? 'paper-strong' : undefined}>
      <th scope="row">{label}</th>
      <td className="num">{paperMoney(v)}</td>
    </tr>
  );
  return (
    <>
      <Header p={p} lang={lang} t={t} title={t('receipt.title')} />
      <table className="paper-table paper-items">
        <tbody>
          <Row label={t('receipt.loanNo')}>{p.loan.loanNo ?? ''}</Row>
          <Row label={t('s18.b')}>
            <div>{personName(p.borrower)}</div>
            <div>{p.borrower.address ?? t('common.none')}</div>
          </Row>
          <Row label={t('receipt.payoutDate')}>{date(pay.payoutDate)}</Row>
          <Row label={t('receipt.method')}>{t(`receipt.${pay.method}`)}</Row>
          {pay.method === 'cheque' && <Row label={t('receipt.chequeNo')}>{pay.chequeNo ?? ''}</Row>}
        </tbody>
      </table>
      <table className="paper-table paper-items paper-figures">
        <tbody>
          {line(t('receipt.loanAmount'), p.loan.loanAmount)}
          {line(t('receipt.upfront'), pay.upfrontInterest)}
          {line(t('receipt.handling'), pay.handlingFee)}
          {line(t('receipt.lateDrawdown'), pay.lateDrawdownFee)}
          {line(t('receipt.totalDeducted'), pay.totalDeducted)}
          {pay.oldLoanSettled !== '0.00' && line(t('receipt.oldLoanSettled', { loanNo: pay.reloanOfLoanNo ?? '' }), pay.oldLoanSettled)}
          {line(t('receipt.received'), pay.amountReceived, true)}
        </tbody>
      </table>
      <table className="paper-table paper-items">
        <tbody>
          <Row label={t('receipt.inWords')}>
            <span className="paper-words">{amountInWords(pay.amountReceived, lang)}</span>
          </Row>
        </tbody>
      </table>
      <p className="paper-text">{t('receipt.confirm')}</p>
      <Signatures
        t={t}
        people={[
          { label: t('common.signReceived'), name: personName(p.borrower) },
          { label: t('common.signLender'), name: pay.paidByName ?? '' },
        ]}
      />
    </>
  );
}

export const PAPER_COMPONENTS: Record<PaperName, (props: PaperProps) => ReactNode> = {
  s18: S18Note,
  summary: MloSummary,
  terms: TermsExplained,
  intermediary: IntermediaryDeclaration,
  affordability: AffordabilityDeclaration,
  schedule: RepaymentSchedule,
  receipt: PayoutReceipt,
};

/** The chosen papers, one A4 sheet each (a page break between them when printed). */
export function PaperStack({ p, lang, t, names }: PaperProps & { names: PaperName[] }) {
  return (
    <div className="loan-papers harbour-paper" lang={lang === 'en' ? 'en' : 'zh-Hant-HK'}>
      {names.map((n) => {
        const Paper = PAPER_COMPONENTS[n];
        return (
          <section key={n} className={`paper paper-${n}`} data-paper={n}>
            <Paper p={p} lang={lang} t={t} />
          </section>
        );
      })}
    </div>
  );
}
