import { useEffect, useMemo, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useReducedMotion } from '../../components/reduced-motion.js';

type Chart = {
  setOption: (o: EChartsCoreOption, notMerge?: boolean) => void;
  resize: () => void;
  getWidth: () => number;
  getHeight: () => number;
  dispose: () => void; isDisposed: () => boolean };

/**
 * A chart drawn by ECharts, loaded on first use (`echarts-setup.ts`, a chunk of its own). The
 * chart follows its box's width and is disposed with the component. `label` names it for screen
 * readers; the figures it draws are also on the page as text.
 *
 * A page kept in a hidden tab (the shell's <Activity>) runs its effects' clean-ups when hidden and
 * the effects again when shown: the chart survives that — it is disposed only once its box has
 * left the document — so showing the tab again draws nothing anew.
 *
 * With the system's reduce-motion setting on (WCAG 2.3.3, as for antd's drawers and dialogs) the
 * chart is drawn at once, without growing its bars and lines into place.
 */
export function LazyChart({ option: given, height = 240, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const reducedMotion = useReducedMotion();
  const option = useMemo(() => (reducedMotion ? { ...given, animation: false } : given), [given, reducedMotion]);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ instance: Chart; option: EChartsCoreOption } | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    const el = box.current;
    const follow = (c: Chart) => {
      if (typeof ResizeObserver === 'undefined' || !el) return;
      // An observer reports the box's size once when it starts: a tab shown again has the size
      // the chart was drawn at, and redrawing it then would only delay the page.
      observer = new ResizeObserver(([entry]) => {
        const box = entry?.contentRect;
        if (box && Math.round(box.width) === c.getWidth() && Math.round(box.height) === c.getHeight()) return;
        c.resize();
      });
      observer.observe(el);
    };
    const kept = chart.current;
    if (kept && !kept.instance.isDisposed()) {
      if (kept.option !== option) {
        kept.instance.setOption(option, true);
        kept.option = option;
      }
      follow(kept.instance);
    } else {
      import('./echarts-setup.js').then(
        ({ echarts }) => {
          if (cancelled || !el) return;
          const instance = echarts.init(el, null, { renderer: 'svg' }) as Chart;
          instance.setOption(option);
          chart.current = { instance, option };
          setReady(true);
          follow(instance);
        },
        () => setFailed(true),
      );
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      // hidden (still in the document) or unmounted (gone): only the latter ends the chart
      setTimeout(() => {
        if (el?.isConnected) return;
        chart.current?.instance.dispose();
        chart.current = undefined;
      }, 0);
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
