import { bankResource, ocaAgentResource, referralAgentResource, solicitorResource, type CommissionKind, type CounterpartyState } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import type { AnyColumn } from 'drizzle-orm';
import { banks, ocaAgents, referralAgents, solicitors } from '../../db/schema/index.js';
import { registerResource } from '../../http/resource.js';
import { tableService } from '../../platform/table-service.js';

type Row = Record<string, unknown>;
type PartyTable = typeof banks | typeof solicitors | typeof ocaAgents | typeof referralAgents;

/** The columns every party has, for filters and sorting. */
const partyColumns = (t: PartyTable): Record<string, AnyColumn> => ({
  nameZh: t.nameZh,
  nameEn: t.nameEn,
  contactName: t.contactName,
  state: t.state,
});

/** A row's common fields as the API shows them. */
const partyItem = (r: Row) => ({
  id: r.id as number,
  nameZh: r.nameZh as string,
  nameEn: r.nameEn as string,
  contactName: (r.contactName as string | null) ?? null,
  phone: (r.phone as string | null) ?? null,
  email: (r.email as string | null) ?? null,
  address: (r.address as string | null) ?? null,
  remarks: (r.remarks as string | null) ?? null,
  state: r.state as CounterpartyState,
  createdAt: (r.createdAt as Date).toISOString(),
});

/**
 * Master data → bank / creditor, solicitor, OCA agent, referral agent: list, view, create, edit and
 * delete from their declarations. Deleting one a loan or an OCA record refers to answers 409 (foreign key);
 * such a party is disabled instead (`state`).
 */
export function counterpartiesModule(app: FastifyInstance) {
  registerResource(
    app,
    bankResource,
    tableService(bankResource, {
      table: banks,
      id: banks.id,
      columns: { ...partyColumns(banks), bankCode: banks.bankCode },
      toItem: (r) => ({ ...partyItem(r), bankCode: (r.bankCode as string | null) ?? null }),
      toInsert: (input) => ({ ...input }),
    }),
  );
  registerResource(
    app,
    solicitorResource,
    tableService(solicitorResource, {
      table: solicitors,
      id: solicitors.id,
      columns: { ...partyColumns(solicitors), firm: solicitors.firm },
      toItem: (r) => ({ ...partyItem(r), firm: (r.firm as string | null) ?? null }),
      toInsert: (input) => ({ ...input }),
    }),
  );
  registerResource(
    app,
    ocaAgentResource,
    tableService(ocaAgentResource, {
      table: ocaAgents,
      id: ocaAgents.id,
      columns: { ...partyColumns(ocaAgents), chargePercent: ocaAgents.chargePercent },
      toItem: (r) => ({ ...partyItem(r), chargePercent: r.chargePercent as string }),
      toInsert: (input) => ({ ...input }),
    }),
  );
  registerResource(
    app,
    referralAgentResource,
    tableService(referralAgentResource, {
      table: referralAgents,
      id: referralAgents.id,
      columns: { ...partyColumns(referralAgents), commission: referralAgents.commission },
      toItem: (r) => ({
        ...partyItem(r),
        brNo: (r.brNo as string | null) ?? null,
        licenceNo: (r.licenceNo as string | null) ?? null,
        commissionKind: r.commissionKind as CommissionKind,
        commission: r.commission as string,
        agreementStart: (r.agreementStart as string | null) ?? null,
        agreementEnd: (r.agreementEnd as string | null) ?? null,
        noBorrowerFee: r.noBorrowerFee === true,
      }),
      toInsert: (input) => ({ ...input }),
    }),
  );
}
