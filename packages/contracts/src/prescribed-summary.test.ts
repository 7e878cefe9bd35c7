import { describe, expect, it } from 'vitest';
import { prescribedSummaryCreateSchema, prescribedSummaryInForce } from './prescribed-summary.js';

describe('prescribedSummaryInForce', () => {
  const versions = [
    { version: 1, effectiveFrom: '2026-01-01' },
    { version: 2, effectiveFrom: '2026-06-01' },
    { version: 3, effectiveFrom: '2026-01-01' },
  ];
  it('picks the latest effective on or before the agreement date, the later entry on the same day', () => {
    expect(prescribedSummaryInForce(versions, '2025-12-31')).toBeNull();
    expect(prescribedSummaryInForce(versions, '2026-01-01')?.version).toBe(3);
    expect(prescribedSummaryInForce(versions, '2026-05-31')?.version).toBe(3);
    expect(prescribedSummaryInForce(versions, '2026-06-01')?.version).toBe(2);
    expect(prescribedSummaryInForce([], '2026-06-01')).toBeNull();
  });
});

describe('prescribedSummaryCreateSchema', () => {
  it('trims the texts and normalises line ends; refuses blank texts and impossible dates', () => {
    expect(prescribedSummaryCreateSchema.parse({ effectiveFrom: '2026-01-01', textEn: ' A\r\n\r\nB ', textZh: '甲' })).toEqual({ effectiveFrom: '2026-01-01', textEn: 'A\n\nB', textZh: '甲' });
    expect(prescribedSummaryCreateSchema.safeParse({ effectiveFrom: '2026-01-01', textEn: ' \n ', textZh: '甲' }).success).toBe(false);
    expect(prescribedSummaryCreateSchema.safeParse({ effectiveFrom: '2026-13-01', textEn: 'A', textZh: '甲' }).success).toBe(false);
  });
});
