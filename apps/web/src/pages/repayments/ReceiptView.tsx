import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CompanyInfo, PaperLanguage, RepaymentItem } from '@harbour/contracts';
import { amountInWords, paperMoney } from '../loans/papers/papers-model';
import { LenderHeader } from '../../components/LenderHeader';
import { FpsPaymentCode } from '../../components/FpsPaymentCode';
import { PaperCard } from '../loans/papers/PaperCard';

/**
 * The receipt on A4 (spec §2 Repayment): lender, numbers, customer, method, the amount in HK$ and in
 * words, what it paid (its split and instalment lines), what it left owing and the next due date,
 * who received it.
 */
function ReceiptSheet({ r, company, lang, t }: { r: RepaymentItem; company: CompanyInfo; lang: PaperLanguage; t: TFunction }) {
  const f = (k: string) => t(`repayments:fields.${k}`);
  const method = r.method ? t(`enums:paymentMethod.${r.method}`) + (r.chequeNo ? ` · ${r.chequeNo}` : '') : '—';
  const hkd = (v: string | null) => `HK$${paperMoney(v)}`;
  const after = r.balanceAfter;
  const split = (['overdueInterest', 'handlingFee', 'interest', 'principal', 'tempAmount'] as const).filter((k) => r[k] !== '0.00');
  return (
    <section className="paper" data-paper="receipt">
      <LenderHeader
        lender={company}
        lang={lang}
        t={t}
        title={t('repayments:receipt.title')}
        subtitle={r.correction && r.correctedOn ? t('repayments:receipt.voided', { date: r.correctedOn, kind: t(`enums:repaymentCorrection.${r.correction}`) }) : undefined}
        reference={
          <>
            <div>{t('repayments:receipt.repayNo', { repayNo: r.repayNo })}</div>
            <div>{t('repayments:receipt.loanNo', { loanNo: r.loanNo })}</div>
          </>
        }
      />
      <table className="paper-table paper-items">
        <tbody>
          <tr><th scope="row">{f('customerName')}</th><td>{r.customerName}</td></tr>
          <tr><th scope="row">{f('repayDate')}</th><td className="date">{r.repayDate}</td></tr>
          <tr><th scope="row">{f('method')}</th><td>{method}</td></tr>
          <tr><th scope="row">{f('repayType')}</th><td>{t(`enums:repayType.${r.repayType}`)}</td></tr>
          <tr className="paper-strong"><th scope="row">{f('received')}</th><td className="num">{hkd(r.received)}</td></tr>
          <tr><th scope="row">{t('repayments:receipt.inWords')}</th><td className="paper-words">{amountInWords(r.received, lang)}</td></tr>
        </tbody>
      </table>
      <h3 className="paper-h3">{t('repayments:receipt.split')}</h3>
      <table className="paper-table paper-figures">
        <tbody>
          {split.map((k) => (
            <tr key={k}><th scope="row">{f(k)}</th><td className="num">{hkd(r[k])}</td></tr>
          ))}
          <tr className="paper-strong"><th scope="row">{t('repayments:process.total')}</th><td className="num">{hkd(r.received)}</td></tr>
        </tbody>
      </table>
      {r.lines.length > 0 && (
        <>
          <h3 className="paper-h3">{t('repayments:receipt.lines')}</h3>
          <table className="paper-table paper-grid">
            <thead>
              <tr>
                <th scope="col">{f('tenor')}</th>
                <th scope="col">{f('overdueInterest')}</th>
                <th scope="col">{f('handlingFee')}</th>
                <th scope="col">{f('interest')}</th>
                <th scope="col">{f('principal')}</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.tenor}>
                  <td className="num">{l.tenor}</td>
                  <td className="num">{paperMoney(l.overdueInterest)}</td>
                  <td className="num">{paperMoney(l.handlingFee)}</td>
                  <td className="num">{paperMoney(l.interest)}</td>
                  <td className="num">{paperMoney(l.principal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {r.reschedule && (
        <p className="paper-text" data-testid="receipt-reschedule">
          {t('repayments:reschedule.receiptLine', {
            instalment: paperMoney(r.reschedule.instalmentAfter),
            from: r.reschedule.fromTenor,
            total: r.reschedule.totalTenor,
            outstanding: paperMoney(r.reschedule.outstandingPrincipal),
          })}
        </p>
      )}
      {after && (
        <>
          <h3 className="paper-h3">{t('repayments:receipt.after')}</h3>
          <table className="paper-table paper-figures" data-testid="receipt-balance">
            <tbody>
              <tr className="paper-strong"><th scope="row">{t('repayments:receipt.outstanding')}</th><td className="num">{hkd(after.outstanding)}</td></tr>
              <tr><th scope="row">{t('repayments:receipt.outstandingPrincipal')}</th><td className="num">{hkd(after.outstandingPrincipal)}</td></tr>
              <tr>
                <th scope="row">{t('repayments:receipt.nextDue')}</th>
                <td className="num">
                  {after.nextDueDate ? t('repayments:receipt.nextDueText', { date: after.nextDueDate, amount: paperMoney(after.nextDueAmount) }) : t('repayments:receipt.allPaid')}
                </td>
              </tr>
            </tbody>
          </table>
          {after.nextDueDate && <FpsPaymentCode amount={after.nextDueAmount} reference={r.loanNo} t={t} />}
        </>
      )}
      {r.remarks && <p className="paper-text">{`${f('remarks')}: ${r.remarks}`}</p>}
      <div className="paper-signatures">
        <div className="paper-person">
          <div className="paper-sign-line" />
          <div>{`${t('repayments:receipt.receivedBy')}: ${r.createdByName ?? ''}`}</div>
        </div>
        <div className="paper-person">
          <div className="paper-sign-line" />
          <div>{`${t('repayments:receipt.customerSign')}: ${r.customerName}`}</div>
        </div>
      </div>
    </section>
  );
}

/**
 * A posted receipt to print (spec §2 Repayment): the sheet on screen in the chosen language
 * (zh-TW or en, the staff member's by default, like the loan papers) and "Print receipt", which
 * prints it alone on A4.
 */
export function ReceiptView({ receipt }: { receipt: RepaymentItem }) {
  const { t } = useTranslation('repayments');
  return (
    <PaperCard title={t('process.printReceipt')} printLabel={t('process.printReceipt')}>
      {({ lang, t: sheetT, company }) => <ReceiptSheet r={receipt} company={company} lang={lang} t={sheetT} />}
    </PaperCard>
  );
}
