import { describe, expect, it } from 'vitest';
import { checkMaxApr } from './max-apr.js';

describe('maximum APR', () => {
  it('within the maximum: allowed, nothing shown', () => {
    expect(checkMaxApr('0.30', { maxApr: '36', maxAprExcessAction: 'prompt-and-block' })).toMatchObject({ allowed: true, needsConfirmation: false, warning: null });
    expect(checkMaxApr('0.36', { maxApr: '36', maxAprExcessAction: 'prompt-and-block' }).allowed).toBe(true);
  });
  it('above: block, confirm or nothing', () => {
    const block = checkMaxApr('0.40', { maxApr: '36', maxAprExcessAction: 'prompt-and-block' });
    expect(block).toMatchObject({ allowed: false, needsConfirmation: false, code: 'MAX_APR_EXCEEDED' });
    expect(block.warning).toContain('40.0000%');
    expect(checkMaxApr('0.40', { maxApr: '36', maxAprExcessAction: 'prompt-and-confirm' })).toMatchObject({ allowed: true, needsConfirmation: true });
    expect(checkMaxApr('0.40', { maxApr: '36', maxAprExcessAction: 'nothing' })).toMatchObject({ allowed: true, needsConfirmation: false, warning: null });
  });
  it('no maximum set: always allowed', () => {
    expect(checkMaxApr('9', { maxAprExcessAction: 'prompt-and-block' }).allowed).toBe(true);
  });
});
