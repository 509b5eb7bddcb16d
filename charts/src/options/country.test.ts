import { countryBarOption, countryRowsOf, UNKNOWN_COUNTRY } from './country';

const names: Record<string, string> = { DE: 'Germany', FR: 'France' };
const countryName = (code: string) => names[code];

describe('countries', () => {
  test('rows largest first with names and shares; unknown codes show as codes, null as Unknown', () => {
    expect(
      countryRowsOf(
        [
          { key: 'FR', value: 1 },
          { key: 'DE', value: 6 },
          { key: 'ZZ', value: 2 },
          { key: null, value: 1 },
        ],
        countryName,
      ),
    ).toEqual([
      { key: 'DE', name: 'Germany', value: 6, share: 0.6 },
      { key: 'ZZ', name: 'ZZ', value: 2, share: 0.2 },
      { key: 'FR', name: 'France', value: 1, share: 0.1 },
      { key: null, name: UNKNOWN_COUNTRY, value: 1, share: 0.1 },
    ]);
  });

  test('empty data: no rows; a zero total gives shares of 0, not NaN', () => {
    expect(countryRowsOf([], countryName)).toEqual([]);
    expect(countryRowsOf([{ key: 'DE', value: 0 }], countryName)[0].share).toBe(0);
  });

  test('the bar: the largest country on top, named, at most `limit` bars', () => {
    type Bar = { yAxis: { data: string[] }; series: { data: number[] }[] };
    const o = countryBarOption(
      [
        { key: 'FR', value: 1 },
        { key: 'DE', value: 6 },
        { key: 'ZZ', value: 2 },
      ],
      { countryName, limit: 2 },
    ) as Bar;
    expect(o.yAxis.data).toEqual(['ZZ', 'Germany']);
    expect(o.series[0].data).toEqual([2, 6]);
    expect((countryBarOption([], { countryName }) as Bar).series[0].data).toEqual([]);
  });
});
