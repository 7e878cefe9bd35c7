import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { APPLICATION_FORM_FIELDS, fieldRule, type ApplicationFormFieldKey, type FormLayout, type LoanItem, type OptionChoices } from '@harbour/contracts';
import { Money } from '../../../components/Money';
import { optionLabel } from '../loans-api';

interface Props {
  /** texts in the printout's language (`i18next.getFixedT(lang)`) */
  t: TFunction;
  lang: 'zh-TW' | 'en';
  loanType: string;
  layout: FormLayout | undefined;
  choices: OptionChoices | undefined;
  /** the application it is filled from; blank when undefined */
  loan?: LoanItem | undefined;
  companyName?: string | undefined;
}

/** Blank rows a blank form offers for the sections of rows. */
const BLANK_ROWS = { partakers: 2, creditReferences: 3, collaterals: 1 } as const;

/** The section A fields printed under "Loan details" (the borrower and the loan type are printed above). */
const TERMS = APPLICATION_FORM_FIELDS.filter((f) => f.section === 'A' && f.key !== 'customerId' && f.key !== 'loanType');

function Line({ label, required, children, wide }: { label: string; required: boolean; children?: ReactNode; wide?: boolean }) {
  return (
    <div className={`app-sheet-field${wide ? ' app-sheet-wide' : ''}`}>
      <span className="app-sheet-label">
        {label}
        {required && <span className="app-sheet-star"> *</span>}
      </span>
      <span className="app-sheet-value">{children ?? '\u00a0'}</span>
    </div>
  );
}

/** A section of rows: the application's, or `blank` empty rows to fill in by hand. */
function SheetTable({ head, rows, blank, numeric = [] }: { head: string[]; rows: ReactNode[][]; blank: number; numeric?: number[] }) {
  const cls = (i: number) => (numeric.includes(i) ? 'num' : undefined);
  const body = rows.length > 0 ? rows : Array.from({ length: blank }, () => head.map(() => null));
  return (
    <table className="app-sheet-table">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} className={cls(i)}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {body.map((cells, r) => (
          <tr key={r}>
            {cells.map((c, i) => (
              <td key={i} className={cls(i)}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The loan application form as printed (A4, one language): the borrower, the loan details,
 * sections B, C and E as the loan type's layout shows them (hidden fields are not printed,
 * required ones carry *), then the declaration and signature. Blank, or filled from an application.
 */
export function ApplicationSheet({ t, lang, loanType, layout, choices, loan, companyName }: Props) {
  const rule = (key: ApplicationFormFieldKey) => fieldRule(layout, key);
  const opt = (category: 'loanType' | 'purpose' | 'payoutMethod', code: string | null | undefined) => optionLabel(choices, category, code, lang);
  const termValue = (key: ApplicationFormFieldKey): ReactNode => {
    if (!loan) return undefined;
    switch (key) {
      case 'loanAmount':
        return <Money value={loan.loanAmount} />;
      case 'rate':
        return loan.flatRate !== null ? `${t('loans:fields.flatRate')}: ${loan.flatRate}` : `${t('loans:fields.effectiveRate')}: ${loan.effectiveRate ?? ''}`;
      case 'interestMethod':
        return t(`tools:calculator.interestMethod.${loan.interestMethod}`);
      case 'repayCycle':
        return t(`tools:calculator.repayCycle.${loan.repayCycle}`);
      case 'loanPurpose':
        return opt('purpose', loan.loanPurpose);
      case 'payoutMethod':
        return opt('payoutMethod', loan.payoutMethod);
      case 'referralAgentId':
        return loan.referralAgentName;
      default: {
        const v = (loan as unknown as Record<string, unknown>)[key];
        return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
      }
    }
  };
  const label = (key: ApplicationFormFieldKey) => {
    if (key === 'rate') return t('formLayout:print.flatOrEffective');
    return t(APPLICATION_FORM_FIELDS.find((f) => f.key === key)!.label);
  };
  /** A collateral's lines: field, value, required (a collateral row needs its owner and address), wide. */
  const collateralLines = (c: LoanItem['collaterals'][number] | undefined): [string, ReactNode, boolean, boolean][] => [
    ['ownerName', c?.ownerName, true, false],
    ['ownerIdNumber', c?.ownerIdNumber, false, false],
    ['address', c?.address, true, true],
    ['propertyType', c?.propertyType, false, false],
    ['purpose', c?.purpose, false, false],
    ['usableArea', c?.usableArea, false, false],
    ['buildingArea', c?.buildingArea, false, false],
    ['completionYear', c?.completionYear, false, false],
    ['boughtOn', c?.boughtOn, false, false],
    ['buyPrice', c?.buyPrice && <Money value={c.buyPrice} />, false, false],
    ['mortgageBalance', c?.mortgageBalance && <Money value={c.mortgageBalance} />, false, false],
  ];
  const blankRows = (n: number) => Array.from({ length: n }, (_, i) => i);
  const sectionTitle = (key: 'partakers' | 'creditReferences' | 'collaterals', title: string) => (
    <h2>
      {title}
      {rule(key).required && <span className="app-sheet-star"> *</span>}
    </h2>
  );

  return (
    <article className="app-sheet" lang={lang === 'en' ? 'en' : 'zh-Hant-TW'} aria-label={t('formLayout:print.title')}>
      <header className="app-sheet-head">
        {companyName && <div className="app-sheet-company">{companyName}</div>}
        <h1>{t('formLayout:print.title')}</h1>
        <div className="app-sheet-meta">
          <span>
            {t('formLayout:print.loanType')}: {opt('loanType', loanType)}
          </span>
          {loan && (
            <span>
              {t('formLayout:print.applyNo')}: {loan.applyNo}
            </span>
          )}
          {loan && (
            <span>
              {t('formLayout:print.store')}: {loan.storeName}
            </span>
          )}
        </div>
        <p className="app-sheet-note">{t('formLayout:print.requiredNote')}</p>
      </header>

      <section>
        <h2>{t('formLayout:print.applicant')}</h2>
        <div className="app-sheet-grid">
          <Line label={t('formLayout:print.applicantName')} required>
            {loan && [loan.customer.name, loan.customer.englishName].filter(Boolean).join(' ')}
          </Line>
          <Line label={t('formLayout:print.idNumber')} required>
            {loan?.customer.idNumber}
          </Line>
          <Line label={t('formLayout:print.mobile')} required>
            {loan?.customer.mobile1}
          </Line>
          <Line label={t('formLayout:print.address')} required={false} wide />
        </div>
      </section>

      <section>
        <h2>
          {t('loans:form.sectionA')} — {t('formLayout:print.terms')}
        </h2>
        <div className="app-sheet-grid">
          {TERMS.filter((f) => rule(f.key).shown).map((f) => (
            <Line key={f.key} label={label(f.key)} required={rule(f.key).required} wide={f.key === 'remarks' || f.key === 'rate'}>
              {termValue(f.key)}
            </Line>
          ))}
        </div>
      </section>

      {rule('partakers').shown && (
        <section>
          {sectionTitle('partakers', t('loans:form.sectionB'))}
          <SheetTable
            head={[t('loans:fields.customer'), t('formLayout:print.idNumber'), t('loans:fields.role'), t('loans:fields.relation')]}
            rows={(loan?.partakers ?? []).map((p) => [p.customer.name, p.customer.idNumber, t(`enums:partakerRole.${p.role}`), p.relation])}
            blank={BLANK_ROWS.partakers}
          />
        </section>
      )}

      {rule('creditReferences').shown && (
        <section>
          {sectionTitle('creditReferences', t('loans:form.sectionC'))}
          <SheetTable
            head={[t('loans:fields.creditName'), t('loans:fields.creditType'), t('loans:fields.creditLoanAmount'), t('loans:fields.creditInstalment'), t('loans:fields.outstandingTenors')]}
            numeric={[2, 3, 4]}
            rows={(loan?.creditReferences ?? []).map((c) => [
              c.creditName,
              c.creditType,
              c.loanAmount && <Money value={c.loanAmount} />,
              c.instalmentAmount && <Money value={c.instalmentAmount} />,
              c.outstandingTenors,
            ])}
            blank={BLANK_ROWS.creditReferences}
          />
        </section>
      )}

      {rule('collaterals').shown && (
        <section>
          {sectionTitle('collaterals', t('loans:form.sectionE'))}
          {(loan && loan.collaterals.length > 0 ? loan.collaterals : blankRows(BLANK_ROWS.collaterals).map(() => undefined)).map((c, i) => (
            <div className="app-sheet-grid app-sheet-block" key={c?.id ?? `blank-${i}`}>
              {collateralLines(c).map(([key, value, required, wide]) => (
                <Line key={key} label={t(`loans:fields.${key}`)} required={required} wide={wide}>
                  {value}
                </Line>
              ))}
            </div>
          ))}
        </section>
      )}

      <section className="app-sheet-sign">
        <p>{t('formLayout:print.declaration')}</p>
        <div className="app-sheet-grid">
          <Line label={t('formLayout:print.signature')} required={false} />
          <Line label={t('formLayout:print.date')} required={false} />
        </div>
      </section>
    </article>
  );
}
