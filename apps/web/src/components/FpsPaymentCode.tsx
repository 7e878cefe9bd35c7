import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import QRCode from 'qrcode';
import { fpsPaymentCode, groupThousands } from '@harbour/domain';
import { call } from '../api/index.js';
import { endpoints } from '../api/endpoints.js';
import './fps-payment-code.css';

/** The quiet zone around the code, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/** The code's dark modules as one SVG path, one unit a module, so it prints sharp at any size. */
function modulesPath(payload: string): { size: number; d: string } {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
  }
  return { size: modules.size + 2 * QUIET, d: parts.join('') };
}

/**
 * An FPS (轉數快) payment code for a paper: the QR code of the lender's FPS proxy (company
 * particulars), the amount and the loan number as reference (domain `fpsPaymentCode`), with the
 * same details in text beside it for a payer who types them. Nothing when the lender has no FPS
 * proxy or nothing is due. `t` is fixed to the paper's language.
 */
export function FpsPaymentCode({ amount, reference, t }: { amount: string | null; reference: string; t: TFunction }) {
  const company = useQuery({ queryKey: ['companyInfo'], queryFn: ({ signal }) => call(endpoints.company.get, { signal }), staleTime: 60_000 });
  const c = company.data;
  const due = amount !== null && Number(amount) > 0 ? amount : null;
  const payload = useMemo(() => {
    if (!c?.fpsProxyType || !c.fpsProxyValue || !due) return null;
    return fpsPaymentCode({ proxyType: c.fpsProxyType, proxyValue: c.fpsProxyValue, merchantName: c.fpsMerchantName ?? '', amount: due, reference });
  }, [c, due, reference]);
  if (!payload || !c || !due) return null;
  const { size, d } = modulesPath(payload);
  return (
    <section className="fps-code" aria-label={t('papers:fps.title')}>
      <svg className="fps-code-image" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={t('papers:fps.title')} data-payload={payload} shapeRendering="crispEdges">
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <div className="fps-code-text">
        <div className="fps-code-title">{t('papers:fps.title')}</div>
        <div>{t(`papers:fps.proxy.${c.fpsProxyType}`, { value: c.fpsProxyValue })}</div>
        {c.fpsMerchantName && <div>{t('papers:fps.payee', { name: c.fpsMerchantName })}</div>}
        <div>{t('papers:fps.amount', { amount: groupThousands(due) })}</div>
        <div>{t('papers:fps.reference', { reference })}</div>
      </div>
    </section>
  );
}
