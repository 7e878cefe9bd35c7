import { describe, expect, it } from 'vitest';
import { S18_NOTE_DAYS, s18LastDay, s18NoteTiming, suretyPackTask } from './s18.js';

const agreementDate = '2026-02-25';
const today = '2026-03-20';

describe('s18NoteTiming — recording the signed note', () => {
  it('accepts a note signed on the agreement day', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-02-25', today })).toBeNull();
  });

  it('refuses a note dated before the agreement', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-02-24', today })).toEqual({ code: 'noteBeforeAgreement', agreementDate, noteDate: '2026-02-24' });
    expect(s18NoteTiming({ agreementDate, noteDate: '2000-01-01', today })?.code).toBe('noteBeforeAgreement');
  });

  it('refuses a note dated after today, accepts one dated today', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-03-21', today })).toEqual({ code: 'noteInFuture', noteDate: '2026-03-21', today });
    expect(s18NoteTiming({ agreementDate, noteDate: today, today })).toBeNull();
  });

  it('records a late note (the payout refuses it, not the record)', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-03-05', today })).toBeNull();
  });
});

describe('s18NoteTiming — at payout', () => {
  it('counts 7 calendar days across the month end: day 7 is the last day', () => {
    expect(S18_NOTE_DAYS).toBe(7);
    expect(s18LastDay('2026-02-25')).toBe('2026-03-04');
    expect(s18LastDay('2028-02-25')).toBe('2028-03-03'); // leap year: 29 February counts
  });

  it('lets the money out on a note signed on the agreement day or on day 7', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-02-25', today, payoutDate: '2026-02-25' })).toBeNull();
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-03-04', today, payoutDate: '2026-03-04' })).toBeNull();
  });

  it('refuses a note signed on day 8 (it must be signed again)', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-03-05', today, payoutDate: '2026-03-05' })).toEqual({
      code: 'noteTooLate',
      agreementDate,
      noteDate: '2026-03-05',
      lastDay: '2026-03-04',
    });
  });

  it('refuses a payout dated before the note, allows the same day', () => {
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-03-01', today, payoutDate: '2026-02-28' })).toEqual({ code: 'payoutBeforeNote', noteDate: '2026-03-01', payoutDate: '2026-02-28' });
    expect(s18NoteTiming({ agreementDate, noteDate: '2026-03-01', today, payoutDate: '2026-03-01' })).toBeNull();
  });

  it('refuses at payout a note older than the agreement (the agreed date was moved after it was signed)', () => {
    expect(s18NoteTiming({ agreementDate: '2026-03-10', noteDate: '2026-03-01', today, payoutDate: '2026-03-10' })?.code).toBe('noteBeforeAgreement');
  });
});

describe('suretyPackTask (s.20)', () => {
  it('is due 7 days after the agreement and overdue from day 8 until given', () => {
    expect(suretyPackTask(agreementDate, null, '2026-03-04')).toEqual({ dueBy: '2026-03-04', givenOn: null, overdue: false, givenLate: false });
    expect(suretyPackTask(agreementDate, null, '2026-03-05')).toEqual({ dueBy: '2026-03-04', givenOn: null, overdue: true, givenLate: false });
    expect(suretyPackTask(agreementDate, '2026-03-04', today)).toEqual({ dueBy: '2026-03-04', givenOn: '2026-03-04', overdue: false, givenLate: false });
    expect(suretyPackTask(agreementDate, '2026-03-05', today)).toEqual({ dueBy: '2026-03-04', givenOn: '2026-03-05', overdue: false, givenLate: true });
  });
});
