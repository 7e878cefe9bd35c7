import { useEffect, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

/**
 * A chart drawn by ECharts, loaded on first use (`echarts-setup.ts`, a chunk of its own). The
 * chart follows its box's width and is disposed with the component. `label` names it for screen
 * readers; the figures it draws are also on the page as text.
 */
export function LazyChart({ option, height = 240, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let chart: { setOption: (o: EChartsCoreOption) => void; resize: () => void; dispose: () => void } | undefined;
    let observer: ResizeObserver | undefined;
    import('./echarts-setup.js').then(
      ({ echarts }) => {
        if (disposed || !box.current) return;
        chart = echarts.init(box.current, null, { renderer: 'svg' });
        chart.setOption(option);
        setReady(true);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart?.resize());
          observer.observe(box.current);
        }
      },
      () => setFailed(true),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [option]);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />
      {!ready && !failed && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      )}
    </div>
  );
}
