// ECharts for the home dashboards, tree-shaken to what they draw (bars, lines, pie, gauge on a
// canvas). Only the chart blocks import this, and they are lazy chunks of their own: the login
// route and the shell never load ECharts.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GaugeChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  CanvasRenderer,
]);

export type ChartOption = EChartsCoreOption;

/** A chart that fills its box and follows its width (the side menu folds, the window resizes). */
export default function Chart({
  option,
  height,
  testId,
  onPick,
  pickOn = 'x',
}: {
  option: ChartOption;
  height: number;
  testId?: string;
  /** A click on a bar or a point: its index in the data (a department's bar opens its movements). */
  onPick?: (dataIndex: number) => void;
  /** The category axis a click's index is read on (the department bars' is y). */
  pickOn?: 'x' | 'y';
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const pickAxis = useRef(pickOn);
  pickAxis.current = pickOn;

  useEffect(() => {
    const el = box.current!;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    // Anywhere on a category's row or column, not only on its bar (a small department's bar is thin).
    instance.getZr().on('click', (e: { offsetX: number; offsetY: number }) => {
      const at = [e.offsetX, e.offsetY];
      if (!pick.current || !instance.containPixel('grid', at)) return;
      const [x, y] = instance.convertFromPixel('grid', at) as number[];
      const index = Math.round(pickAxis.current === 'y' ? y! : x!);
      if (Number.isFinite(index) && index >= 0) pick.current(index);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }} data-testid={testId} />;
}
