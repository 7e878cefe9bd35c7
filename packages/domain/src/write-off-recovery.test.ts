import { describe, expect, it } from 'vitest';
import { writeOffRecovery } from './write-off-recovery.js';

describe('recovery of a written-off loan', () => {
  const writeOff = { principal: '1000.00', interest: '200.00' };

  it('counts what is left on the write-off after the recoveries standing', () => {
    const r = writeOffRecovery(writeOff, ['100.00', '250.50'], '300.00');
    expect([r.left.toFixed(2), r.recovered.toFixed(2), r.above, r.full]).toEqual(['849.50', '650.50', false, false]);
  });

  it('is recovered in full by what is left, to the cent, and refuses a cent more', () => {
    expect(writeOffRecovery(writeOff, ['100.00'], '1100.00')).toMatchObject({ above: false, full: true });
    expect(writeOffRecovery(writeOff, ['100.00'], '1100.01')).toMatchObject({ above: true, full: true });
    expect(writeOffRecovery(writeOff, [], '5000.00').above).toBe(true);
  });
});
