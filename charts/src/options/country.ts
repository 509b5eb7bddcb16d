/**
 * Traffic by country. ECharts no longer ships a world map (and a map hides the small countries
 * that a list shows), so countries are a table (rows with their share) or a top-N bar.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { topNBarOption, type ChartRow, type ChartTextOptions } from './topNBar';

export interface CountryRow {
  /** The country code as the report answers it (ISO 3166-1 alpha-2); null: not located. */
  key: string | null;
  /** The country's name, or its code when `countryName` does not know it. */
  name: string;
  value: number;
  /** The fraction of the total (0..1); 0 when the total is 0. */
  share: number;
}

/** The name of events that could not be located (private addresses, unknown ranges). */
export const UNKNOWN_COUNTRY = 'Unknown';

/** Rows largest first with their names and shares of the total. */
export function countryRowsOf(
  rows: readonly ChartRow[],
  countryName: (code: string) => string | undefined,
): CountryRow[] {
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return [...rows]
    .sort((a, b) => b.value - a.value)
    .map((r) => {
      const key = r.key === null || r.key === '' ? null : String(r.key);
      return {
        key,
        name: key === null ? UNKNOWN_COUNTRY : (countryName(key) ?? key),
        value: r.value,
        share: total > 0 ? r.value / total : 0,
      };
    });
}

export interface CountryBarOptions extends Pick<ChartTextOptions, 'formatValue'> {
  countryName: (code: string) => string | undefined;
  /** How many countries to draw (the rest stay in the table); default all. */
  limit?: number;
}

/** A top-N bar of the countries, largest on top, named by `countryName`. */
export function countryBarOption(rows: readonly ChartRow[], options: CountryBarOptions): EChartsCoreOption {
  const sorted = countryRowsOf(rows, options.countryName).slice(0, options.limit);
  return topNBarOption(
    sorted.map((r) => ({ key: r.name, value: r.value })),
    { formatValue: options.formatValue },
  );
}
