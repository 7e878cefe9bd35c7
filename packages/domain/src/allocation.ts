/**
 * Allocation of a receipt on a date (issue §7, spec §5 "Repayment").
 *
 * Order: overdue interest, then handling fees (both earliest instalment first), then the instalments'
 * interest and principal in due-date order, the rest to the temporary amount — or to principal
 * where the loan allows partial principal repayment. Every cent received is accounted for.
 *
 * Modes:
 *  'auto'             the order above; instalments already due are paid (partly if need be),
 *                     future instalments only whole.
 *  'instalment'       pay one instalment (`tenor`, default the earliest unpaid) with all overdue
 *                     interest and fees; the surplus goes to the temporary amount.
 *  'overdue-interest' pay overdue interest and fees only.
 *  'handling-fee'     pay handling fees only.
 *  'principal'        repay principal early (loans that allow it).
 */
import { Decimal, type DecimalInput, ZERO, dec, minDec, sum } from './decimal.js';
import { compareDates } from './dates.js';
import { DomainError } from './errors.js';
import {
  type InstalmentState,
  type RepaymentState,
  totalUnpaidPrincipal,
  unpaidFee,
  unpaidInstalment,
  unpaidInterest,
  unpaidOverdueInterest,
  unpaidPrincipal,
} from './repayment-state.js';
import { accrueOverdue } from './overdue.js';
import { type SettingsInput } from './settings.js';

export type RepaymentMode = 'auto' | 'instalment' | 'overdue-interest' | 'handling-fee' | 'principal';

export interface Receipt {
  date: string;
  received: DecimalInput;
  mode?: RepaymentMode | undefined;
  /** the instalment to pay in 'instalment' mode (default: the earliest unpaid) */
  tenor?: number | undefined;
}

export interface AllocationLine {
  tenor: number;
  overdueInterest: Decimal;
  handlingFee: Decimal;
  interest: Decimal;
  principal: Decimal;
}

export interface Allocation {
  date: string;
  received: Decimal;
  overdueInterest: Decimal;
  handlingFee: Decimal;
  interest: Decimal;
  principal: Decimal;
  /** added to the loan's temporary amount */
  tempAmount: Decimal;
  lines: AllocationLine[];
  /** the state after the receipt */
  state: RepaymentState;
}

type Mutable = {
  -readonly [K in keyof InstalmentState]: InstalmentState[K];
};

class Waterfall {
  remaining: Decimal;
  readonly insts: Mutable[];
  readonly lines = new Map<number, AllocationLine>();

  constructor(received: Decimal, insts: readonly InstalmentState[]) {
    this.remaining = received;
    this.insts = insts.map((i) => ({ ...i }));
  }

  private line(tenor: number): AllocationLine {
    let l = this.lines.get(tenor);
    if (!l) {
      l = { tenor, overdueInterest: ZERO, handlingFee: ZERO, interest: ZERO, principal: ZERO };
      this.lines.set(tenor, l);
    }
    return l;
  }

  private take(wanted: Decimal): Decimal {
    const amount = minDec(wanted, this.remaining);
    if (amount.lte(0)) return ZERO;
    this.remaining = this.remaining.minus(amount);
    return amount;
  }

  overdueInterest(): void {
    for (const i of this.insts) {
      const a = this.take(unpaidOverdueInterest(i));
      if (a.gt(0)) {
        i.overdueInterestPaid = i.overdueInterestPaid.plus(a);
        this.line(i.tenor).overdueInterest = this.line(i.tenor).overdueInterest.plus(a);
      }
    }
  }

  fees(): void {
    for (const i of this.insts) {
      const a = this.take(unpaidFee(i));
      if (a.gt(0)) {
        i.feePaid = i.feePaid.plus(a);
        this.line(i.tenor).handlingFee = this.line(i.tenor).handlingFee.plus(a);
      }
    }
  }

  instalment(i: Mutable): void {
    const interest = this.take(unpaidInterest(i));
    if (interest.gt(0)) {
      i.paidInterest = i.paidInterest.plus(interest);
      this.line(i.tenor).interest = this.line(i.tenor).interest.plus(interest);
    }
    this.principal(i, unpaidPrincipal(i));
  }

  principal(i: Mutable, wanted: Decimal): void {
    const a = this.take(minDec(wanted, unpaidPrincipal(i)));
    if (a.gt(0)) {
      i.paidPrincipal = i.paidPrincipal.plus(a);
      this.line(i.tenor).principal = this.line(i.tenor).principal.plus(a);
    }
  }

  /** principal of the earliest unpaid instalments, without their interest */
  principalEarliestFirst(): void {
    for (const i of this.insts) this.principal(i, unpaidPrincipal(i));
  }
}

/**
 * Allocates a receipt. Throws a DomainError whose code names the spec §5 rule that was broken.
 * Overdue interest and fees are accrued to the receipt date first.
 */
export function allocateReceipt(
  state: RepaymentState,
  receipt: Receipt,
  settings: SettingsInput = {},
  holidays: Iterable<string> = [],
): Allocation {
  const received = dec(receipt.received);
  const mode = receipt.mode ?? 'auto';
  const date = receipt.date;
  if (!received.gt(0)) throw new DomainError('RECEIVED_NOT_POSITIVE', { received: received.toFixed() });
  if (compareDates(date, state.loanDate) < 0) {
    throw new DomainError('DATE_BEFORE_INTEREST_START', { date, interestStartDate: state.loanDate });
  }
  if (state.lastRepaymentDate && compareDates(date, state.lastRepaymentDate) < 0) {
    throw new DomainError('DATE_BEFORE_LAST_REPAYMENT', { date, lastRepaymentDate: state.lastRepaymentDate });
  }

  const overdue = accrueOverdue(state, date, settings, holidays);
  const accrued = overdue.state;
  const odi = overdue.overdueInterest;
  const fee = overdue.fee;
  const unpaid = accrued.instalments.filter((i) => unpaidInstalment(i).gt(0));
  const firstUnpaid = unpaid[0];
  const money = (d: Decimal): string => d.toFixed();
  const w = new Waterfall(received, accrued.instalments);
  /** Spec §5: the received amount must cover the overdue interest plus the fee. */
  const requireOverdueInterestAndFee = () => {
    if (received.gte(odi.plus(fee))) return;
    throw new DomainError('RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE', {
      received: money(received),
      overdueInterest: money(odi),
      fee: money(fee),
      required: money(odi.plus(fee)),
    });
  };

  switch (mode) {
    case 'auto': {
      if (!firstUnpaid && odi.plus(fee).isZero()) {
        throw new DomainError('ALREADY_AT_MAXIMUM_TENOR', { totalTenor: accrued.instalments.length });
      }
      requireOverdueInterestAndFee();
      w.overdueInterest();
      w.fees();
      for (const i of w.insts) {
        if (unpaidInstalment(i).lte(0)) continue;
        const due = compareDates(i.dueDate, date) <= 0;
        if (!due && w.remaining.lt(unpaidInstalment(i))) break;
        w.instalment(i);
      }
      if (w.remaining.gt(0) && accrued.allowPartialPrincipal) {
        const principalLeft = sum(w.insts.map(unpaidPrincipal));
        if (principalLeft.gt(0) && w.remaining.gte(principalLeft)) {
          throw new DomainError('USE_EARLY_SETTLEMENT', { unpaidPrincipal: money(principalLeft) });
        }
        w.principalEarliestFirst();
      }
      break;
    }
    case 'instalment': {
      const n = accrued.instalments.length;
      if (!firstUnpaid || (receipt.tenor !== undefined && receipt.tenor > n)) {
        throw new DomainError('ALREADY_AT_MAXIMUM_TENOR', { totalTenor: n });
      }
      const tenor = receipt.tenor ?? firstUnpaid.tenor;
      if (tenor > firstUnpaid.tenor) {
        throw new DomainError('SETTLE_EARLIER_INSTALMENTS_FIRST', { tenor, earliestUnpaidTenor: firstUnpaid.tenor });
      }
      const target = w.insts.find((i) => i.tenor === tenor)!;
      if (unpaidInstalment(target).lte(0)) {
        // that instalment is paid already; only later ones remain
        throw new DomainError('SETTLE_EARLIER_INSTALMENTS_FIRST', { tenor, earliestUnpaidTenor: firstUnpaid.tenor });
      }
      const repay = unpaidInstalment(target);
      const required = odi.plus(fee).plus(repay);
      if (received.lt(required)) {
        throw new DomainError('RECEIVED_BELOW_AMOUNT_DUE', {
          received: money(received),
          overdueInterest: money(odi),
          repayAmount: money(repay),
          fee: money(fee),
          required: money(required),
        });
      }
      w.overdueInterest();
      w.fees();
      w.instalment(target);
      break;
    }
    case 'overdue-interest': {
      requireOverdueInterestAndFee();
      w.overdueInterest();
      w.fees();
      break;
    }
    case 'handling-fee': {
      if (received.lt(fee)) {
        throw new DomainError('RECEIVED_BELOW_HANDLING_FEE', { received: money(received), fee: money(fee) });
      }
      w.fees();
      break;
    }
    case 'principal': {
      if (!accrued.allowPartialPrincipal) throw new DomainError('PARTIAL_PRINCIPAL_NOT_ALLOWED');
      const dueUnpaid = unpaid.filter((i) => compareDates(i.dueDate, date) <= 0);
      if (dueUnpaid.length > 0 || odi.plus(fee).gt(0)) {
        throw new DomainError('SETTLE_EARLIER_INSTALMENTS_FIRST', {
          earliestUnpaidTenor: dueUnpaid[0]?.tenor ?? firstUnpaid?.tenor ?? 0,
        });
      }
      const principalLeft = totalUnpaidPrincipal(accrued);
      if (received.gt(principalLeft)) {
        throw new DomainError('PRINCIPAL_EXCEEDS_UNPAID_PRINCIPAL', { received: money(received), unpaidPrincipal: money(principalLeft) });
      }
      if (received.eq(principalLeft)) {
        throw new DomainError('USE_EARLY_SETTLEMENT', { unpaidPrincipal: money(principalLeft) });
      }
      w.principalEarliestFirst();
      break;
    }
  }

  const tempAmount = w.remaining;
  const lines = [...w.lines.values()].sort((a, b) => a.tenor - b.tenor);
  const total = (f: keyof Omit<AllocationLine, 'tenor'>): Decimal => sum(lines.map((l) => l[f]));
  return {
    date,
    received,
    overdueInterest: total('overdueInterest'),
    handlingFee: total('handlingFee'),
    interest: total('interest'),
    principal: total('principal'),
    tempAmount,
    lines,
    state: {
      ...accrued,
      instalments: w.insts,
      lastRepaymentDate: date,
      tempAmount: accrued.tempAmount.plus(tempAmount),
    },
  };
}
