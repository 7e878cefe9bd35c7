import { Alert } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOAN_BLACKLIST_CHECK_MAX, type LoanBlacklistCheck, type LoanBlacklistHit } from '@harbour/contracts';
import { useDebounced } from '../../components/use-debounced';
import { loansApi } from './loans-api';

/** The people and numbers of an application form the check looks at (the chosen customers and the typed owners' ID numbers). */
export function blacklistCheckOf(values: {
  customerId?: number | null;
  partakers?: ({ customerId?: number | null } | undefined)[];
  collaterals?: ({ ownerName?: string; ownerIdNumber?: string } | undefined)[];
}): LoanBlacklistCheck {
  const ids = [values.customerId, ...(values.partakers ?? []).map((p) => p?.customerId)].filter((v): v is number => typeof v === 'number');
  const typed = (values.collaterals ?? [])
    .filter((c) => !!c?.ownerIdNumber?.trim())
    .map((c) => ({ name: c?.ownerName?.trim() ?? '', idNumber: c!.ownerIdNumber!.trim() }));
  return { customerIds: [...new Set(ids)].slice(0, LOAN_BLACKLIST_CHECK_MAX), typed: typed.slice(0, LOAN_BLACKLIST_CHECK_MAX) };
}

/** One hit as a sentence: who, which field, the masked value. */
function HitLine({ hit }: { hit: LoanBlacklistHit }) {
  const { t } = useTranslation('loans');
  const name = hit.name || t('blacklistWarning.unnamed');
  if (hit.field === 'listStatus') return <li>{t('blacklistWarning.black', { name })}</li>;
  return <li>{t('blacklistWarning.hit', { name, field: t(`blacklistWarning.fields.${hit.field}`), value: hit.value ?? '' })}</li>;
}

/**
 * The application form's blacklist warning (`POST /loans/blacklistCheck`, half a second after the
 * last change): which person hits on which field, values masked. Submission is still refused by
 * the server unless a manager overrides with a reason.
 */
export function BlacklistWarning({ check }: { check: LoanBlacklistCheck }) {
  const { t } = useTranslation('loans');
  const settled = useDebounced(JSON.stringify(check), 500);
  const body = JSON.parse(settled) as LoanBlacklistCheck;
  const hits = useQuery({
    queryKey: ['loans', 'blacklistCheck', settled],
    queryFn: ({ signal }) => loansApi.blacklistCheck(body, signal),
    enabled: body.customerIds.length > 0 || body.typed.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const asked = body.customerIds.length > 0 || body.typed.length > 0;
  // The check is silent, but a refusal (a number lookup past the hour's limit) is said in the server's words.
  if (asked && hits.isError) return <Alert type="error" showIcon role="alert" title={hits.error.message} />;
  const list = asked ? (hits.data?.hits ?? []) : [];
  if (list.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('blacklistWarning.title')}
      description={
        <>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {list.map((h) => (
              <HitLine key={`${h.customerId ?? h.name}-${h.field}`} hit={h} />
            ))}
          </ul>
          {t('blacklistWarning.submitBlocked')}
        </>
      }
    />
  );
}
