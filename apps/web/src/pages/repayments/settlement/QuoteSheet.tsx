import type { TFunction } from 'i18next';
import type { PaperLanguage, SettlementQuoteAnswer } from '@harbour/contracts';
import { formatDate } from '../../../components/format.js';
import { Money } from '../../../components/Money.js';
import { LenderHeader } from '../../../components/LenderHeader';

/** The figures of the quote, in print order. */
const FIGURES = ['principal', 'interest', 'overdueInterest', 'handlingFee', 'lockPeriodFee'] as const;

/**
 * The early settlement quote as the borrower receives it: one A4 sheet with the lender's header,
 * the loan, the figures on the date and how each instalment is cleared, in the sheet's language
 * (`t` is fixed to it, whatever the staff member's).
 */
export function QuoteSheet({ q, lang, t, printedOn }: { q: SettlementQuoteAnswer; lang: PaperLanguage; t: TFunction<'settlement'>; printedOn: string }) {
  const ft = (key: string) => t(`fields.${key}`);
  return (
    <div className="loan-papers settlement-quote-sheet harbour-paper">
      <section className="paper" lang={lang}>
        <LenderHeader
          lender={q.lender}
          lang={lang}
          t={t}
          title={t('quoteTitle')}
          reference={
            <>
              <div>
                {ft('loanNo')}: {q.loanNo}
              </div>
              <div>{t('printedOn', { date: formatDate(printedOn) })}</div>
            </>
          }
        />
        <table className="settlement-facts">
          <tbody>
            <tr>
              <th>{ft('customerName')}</th>
              <td>{q.customerName}</td>
              <th>{t('asOf')}</th>
              <td>{formatDate(q.asOf)}</td>
            </tr>
            <tr>
              <th>{t('method')}</th>
              <td>{t(`methods.${q.method}`)}</td>
              <th>{ft('lockPeriodEnds')}</th>
              <td>{q.lockPeriodEnds ? `${formatDate(q.lockPeriodEnds)} (${q.inLockPeriod ? t('inLockPeriod') : t('notInLockPeriod')})` : t('noLockPeriod')}</td>
            </tr>
            <tr>
              <th>{ft('loanRate')}</th>
              <td className="settlement-rate">{t('ratePerYear', { rate: q.loanRate })}</td>
              {q.settlementRate !== null && (
                <>
                  <th>{ft('settlementRate')}</th>
                  <td className="settlement-rate">{t('ratePerYear', { rate: q.settlementRate })}</td>
                </>
              )}
            </tr>
          </tbody>
        </table>
        <table className="settlement-figures">
          <tbody>
            {FIGURES.map((f) => (
              <tr key={f}>
                <th>{ft(f)}</th>
                <td>
                  <Money value={q[f]} />
                </td>
              </tr>
            ))}
            {q.lockPeriodFeeCeiling !== null && (
              <>
                <tr className="settlement-note">
                  <th>{ft('agreedLockPeriodFee')}</th>
                  <td>
                    <Money value={q.agreedLockPeriodFee} />
                  </td>
                </tr>
                <tr className="settlement-note">
                  <th>{ft('lockPeriodFeeCeiling')}</th>
                  <td>
                    <Money value={q.lockPeriodFeeCeiling} />
                  </td>
                </tr>
              </>
            )}
            {q.method === 'rule-of-78' && (
              <tr className="settlement-note">
                <th>{ft('rebate')}</th>
                <td>
                  <Money value={q.rebate} />
                </td>
              </tr>
            )}
            {q.capRebate !== '0.00' && (
              // s.21's figure above would take the borrower's flows above 48%: the rebate brings it within
              <tr className="settlement-cap-rebate">
                <th>{ft('capRebate')}</th>
                <td>
                  <Money value={`-${q.capRebate}`} />
                </td>
              </tr>
            )}
            <tr className="settlement-total">
              <th>{ft('total')}</th>
              <td>
                <Money value={q.total} />
              </td>
            </tr>
            <tr>
              <th>{ft('tempAmount')}</th>
              <td>
                <Money value={q.tempAmount} />
              </td>
            </tr>
            <tr className="settlement-total">
              <th>{ft('payable')}</th>
              <td>
                <Money value={q.payable} />
              </td>
            </tr>
          </tbody>
        </table>
        <h3 className="settlement-subtitle">{t('lines')}</h3>
        <div className="paper-scroll">
        <table className="paper-table paper-grid settlement-lines">
          <thead>
            <tr>
              <th>{ft('tenor')}</th>
              <th>{ft('linePrincipal')}</th>
              <th>{ft('lineInterest')}</th>
              <th>{ft('interestWaived')}</th>
              <th>{ft('overdueInterest')}</th>
              <th>{ft('handlingFee')}</th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.tenor}>
                <td className="settlement-tenor">{l.tenor}</td>
                <td>
                  <Money value={l.principal} />
                </td>
                <td>
                  <Money value={l.interest} />
                </td>
                <td>
                  <Money value={l.interestWaived} />
                </td>
                <td>
                  <Money value={l.overdueInterest} />
                </td>
                <td>
                  <Money value={l.handlingFee} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        <p className="paper-small settlement-legal">{t('legal')}</p>
      </section>
    </div>
  );
}
