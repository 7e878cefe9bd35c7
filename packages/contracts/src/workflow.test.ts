import { LOAN_STATUS, LOAN_STATUSES, type LoanStatus } from '@harbour/domain';
import { describe, expect, it } from 'vitest';
import { COLLECTION_ACTIONS } from './collection.js';
import { PERMISSION_CATALOGUE } from './permissions/index.js';
import { REPAYMENT_ACTIONS } from './repayments.js';
import { actionAllowedIn, loanAction, workflowApis } from './workflow.js';

const allowed = (s: string) => LOAN_STATUS.allowed(s as LoanStatus);
const statusesOf = (name: (typeof COLLECTION_ACTIONS)[number]['name']) => LOAN_STATUSES.filter((s) => actionAllowedIn(loanAction(COLLECTION_ACTIONS, name), s, allowed));

describe('workflow action declarations', () => {
  it('allow each collection step in the statuses the one status table gives it', () => {
    expect(statusesOf('transfer')).toEqual(['repaying']);
    expect(statusesOf('recall')).toEqual(['oca']);
    expect(statusesOf('writeOff')).toEqual(['repaying', 'oca']);
    expect(statusesOf('cancelWriteOff')).toEqual(['bad']);
    expect(statusesOf('recover')).toEqual(['oca', 'bad']);
  });

  it('give the catalogue its OCA action keys and their routes', () => {
    const byKey = new Map(PERMISSION_CATALOGUE.map((p) => [p.key as string, p]));
    expect(byKey.get('oca.transfer')).toMatchObject({ group: 'oca', sort: 52, api: ['POST /collection/transfers', 'POST /collection/recalls', 'GET /collection/overdueLoans'] });
    expect(byKey.get('oca.writeOff')).toMatchObject({ group: 'oca', sort: 53, api: ['POST /collection/writeOffs', 'POST /collection/writeOffs/cancel'] });
    expect(byKey.get('oca.recovery')).toMatchObject({ group: 'oca', sort: 54, api: ['POST /collection/recoveries', 'POST /collection/recoveries/void'] });
    expect(workflowApis(REPAYMENT_ACTIONS, 'repayment.process')).toEqual(['POST /repayments', 'POST /repayments/applyTemporary']);
    expect(byKey.get('repayment.settlement')?.api).toEqual(['GET /repayments/settlement', 'POST /repayments/settle', 'GET /repayments/loans']);
  });

  it('keep idempotency for the bodies with a key', () => {
    expect(REPAYMENT_ACTIONS.filter((a) => a.idempotent).map((a) => a.name)).toEqual(['receipt', 'applyTemporary', 'refundTemporary', 'settle', 'waive']);
    expect(COLLECTION_ACTIONS.filter((a) => a.idempotent).map((a) => a.name)).toEqual(['recover']);
  });
});
