/**
 * The charts' two themes, registered with ECharts by EChart (names in CHART_THEME_NAMES) and
 * usable as objects where ECharts is initialised by hand (`echarts.init(null, chartTheme('dark'),
 * { ssr: true })`). Light is ECharts' own look, spelled out where the builders rely on it; dark
 * sits on MUI's dark paper (#121212, transparent background so the paper shows through) with light
 * text and a palette bright enough to stand out against it.
 */

export type ChartThemeMode = 'light' | 'dark';

/** The paper each theme is drawn on (MUI's default background.paper). */
export const PAPER: Record<ChartThemeMode, string> = { light: '#ffffff', dark: '#121212' };

/**
 * The number of series a chart can show before a colour repeats: a donut of the ten actions of the
 * demo's web logs showed Allow and Email Exit Block in one blue with nine colours (the sweep's
 * screenshots). Both palettes have this many distinct colours; tested.
 */
export const DISTINCT_SERIES_COLOURS = 12;

/** ECharts 6's default palette (the light look as it was before themes), and three more. */
export const LIGHT_PALETTE = [
  '#5070dd',
  '#b6d634',
  '#505372',
  '#ff994d',
  '#0ca8df',
  '#ffd10a',
  '#fb628b',
  '#785db0',
  '#3fbe95',
  '#a0522d',
  '#00796b',
  '#c2185b',
];

/** Every colour at least 3:1 against #121212 (WCAG 1.4.11, graphical objects); tested. */
export const DARK_PALETTE = [
  '#6ea8fe',
  '#ffb454',
  '#6fdc9c',
  '#ff8a8a',
  '#c3a6ff',
  '#5fd4d4',
  '#f5d76e',
  '#ff9ed8',
  '#a9b8cc',
  '#b5e36b',
  '#d4a373',
  '#9575cd',
];

interface Colours {
  palette: string[];
  text: string;
  axisLabel: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  tooltipBorder: string;
  /** The labels on and beside bars (names inside faded bars, values at their ends). */
  barLabel: string;
  /** The heat map's scale, high to low. */
  heat: [string, string];
}

const LIGHT: Colours = {
  palette: LIGHT_PALETTE,
  text: '#303034',
  axisLabel: '#54555a',
  axisLine: '#54555a',
  splitLine: '#dbdee4',
  tooltipBackground: '#ffffff',
  tooltipBorder: '#dbdee4',
  barLabel: '#1b2733',
  heat: ['#1f4e79', '#eef4fa'],
};

const DARK: Colours = {
  palette: DARK_PALETTE,
  text: '#e6e6e6',
  axisLabel: '#c4c8ce',
  axisLine: '#8a9099',
  splitLine: '#2e3238',
  tooltipBackground: '#1e1e1e',
  tooltipBorder: '#3c3c41',
  barLabel: '#f0f2f5',
  heat: ['#6ea8fe', '#1a2330'],
};

const axis = (c: Colours) => ({
  axisLine: { lineStyle: { color: c.axisLine } },
  axisTick: { lineStyle: { color: c.axisLine } },
  axisLabel: { color: c.axisLabel },
  splitLine: { lineStyle: { color: c.splitLine } },
});

function themeOf(c: Colours, darkMode: boolean) {
  return {
    // ECharts picks the colour of labels it places by itself against this.
    darkMode,
    color: c.palette,
    // Transparent: the MUI paper (#121212 with its elevation overlay in dark mode) shows through.
    backgroundColor: 'transparent',
    textStyle: { color: c.text },
    title: { textStyle: { color: c.text } },
    legend: { textStyle: { color: c.text }, pageTextStyle: { color: c.text }, pageIconColor: c.axisLabel },
    tooltip: {
      backgroundColor: c.tooltipBackground,
      borderColor: c.tooltipBorder,
      textStyle: { color: c.text },
    },
    categoryAxis: axis(c),
    valueAxis: axis(c),
    timeAxis: axis(c),
    logAxis: axis(c),
    visualMap: { color: c.heat, textStyle: { color: c.text } },
    bar: { label: { color: c.barLabel } },
    line: { label: { color: c.text } },
    pie: { label: { color: c.text } },
  };
}

export type ChartTheme = ReturnType<typeof themeOf>;

export const lightChartTheme: ChartTheme = themeOf(LIGHT, false);
export const darkChartTheme: ChartTheme = themeOf(DARK, true);

export const CHART_THEME_NAMES: Record<ChartThemeMode, string> = {
  light: 'workbench-light',
  dark: 'workbench-dark',
};

export const chartTheme = (mode: ChartThemeMode): ChartTheme =>
  mode === 'dark' ? darkChartTheme : lightChartTheme;
