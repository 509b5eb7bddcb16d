import {
  chartTheme,
  darkChartTheme,
  DARK_PALETTE,
  DISTINCT_SERIES_COLOURS,
  lightChartTheme,
  LIGHT_PALETTE,
  PAPER,
} from './chartThemes';
import { contrastRatio, relativeLuminance } from './contrast';

describe('contrast helper (WCAG 2)', () => {
  test('black on white is 21:1, a colour on itself 1:1, order does not matter', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
    // #767676 on white is the classic smallest grey that passes 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(relativeLuminance('#fff')).toBe(1);
    expect(() => relativeLuminance('red')).toThrow('not a #rgb or #rrggbb colour');
  });
});

describe('chart themes', () => {
  const textColours = (theme: typeof darkChartTheme) => [
    theme.textStyle.color,
    theme.categoryAxis.axisLabel.color,
    theme.valueAxis.axisLabel.color,
    theme.timeAxis.axisLabel.color,
    theme.legend.textStyle.color,
    theme.bar.label.color,
  ];

  test('dark: transparent background; text and axis labels at least 4.5:1 on the dark paper', () => {
    expect(darkChartTheme.backgroundColor).toBe('transparent');
    expect(darkChartTheme.darkMode).toBe(true);
    for (const colour of textColours(darkChartTheme)) {
      expect(contrastRatio(colour, PAPER.dark)).toBeGreaterThanOrEqual(4.5);
    }
    // The tooltip's own box: its text against its background.
    expect(
      contrastRatio(darkChartTheme.tooltip.textStyle.color, darkChartTheme.tooltip.backgroundColor),
    ).toBeGreaterThanOrEqual(4.5);
  });

  test('dark: every series colour at least 3:1 on the dark paper (graphical objects)', () => {
    expect(darkChartTheme.color).toBe(DARK_PALETTE);
    for (const colour of DARK_PALETTE) expect(contrastRatio(colour, PAPER.dark)).toBeGreaterThanOrEqual(3);
  });

  test('light: the ECharts palette as before; text and axis labels at least 4.5:1 on white', () => {
    expect(lightChartTheme.color).toBe(LIGHT_PALETTE);
    expect(lightChartTheme.darkMode).toBe(false);
    for (const colour of textColours(lightChartTheme)) {
      expect(contrastRatio(colour, PAPER.light)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('both palettes: enough distinct colours that a chart of up to that many series repeats none', () => {
    for (const palette of [LIGHT_PALETTE, DARK_PALETTE]) {
      expect(palette).toHaveLength(DISTINCT_SERIES_COLOURS);
      expect(new Set(palette.map((colour) => colour.toLowerCase())).size).toBe(DISTINCT_SERIES_COLOURS);
    }
    // Ten actions in the demo's web logs (the dashboard's Actions donut) all get their own colour.
    expect(DISTINCT_SERIES_COLOURS).toBeGreaterThanOrEqual(10);
  });

  test('chartTheme picks by mode', () => {
    expect(chartTheme('dark')).toBe(darkChartTheme);
    expect(chartTheme('light')).toBe(lightChartTheme);
  });
});
