/**
 * The few ECharts modules the dashboard draws with (line and bar charts, grid, tooltip, legend,
 * the SVG renderer). Imported only dynamically, from `LazyChart`, so ECharts is its own chunk that
 * arrives when a chart is first shown — never with /login or the shell.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
