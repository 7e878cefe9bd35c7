import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyChart } from './LazyChart.js';

/** The options each chart was drawn with, as ECharts received them. */
const drawn: Record<string, unknown>[] = [];
vi.mock('./echarts-setup.js', () => ({
  echarts: {
    init: () => ({
      setOption: (o: Record<string, unknown>) => drawn.push(o),
      resize: () => undefined,
      getWidth: () => 0,
      getHeight: () => 0,
      dispose: () => undefined,
      isDisposed: () => false,
    }),
  },
}));

function systemReducesMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query === '(prefers-reduced-motion: reduce)' && reduce, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  drawn.length = 0;
  vi.restoreAllMocks();
});

const option = { xAxis: { type: 'category', data: ['2026-10', '2026-11'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [1, 2] }] };

describe('LazyChart', () => {
  it('draws without animating when the system asks for reduced motion', async () => {
    systemReducesMotion(true);
    render(<LazyChart option={option} label="payouts" />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]).toEqual({ ...option, animation: false });
  });

  it('draws the option as given otherwise', async () => {
    systemReducesMotion(false);
    render(<LazyChart option={option} label="payouts" />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]).toBe(option);
  });
});
