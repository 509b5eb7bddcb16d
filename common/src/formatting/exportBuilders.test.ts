import { buildCsv, buildExport, buildJson, csvCell, exportFileName, type ExportRow } from './exportBuilders';

const rows: ExportRow[] = [
  { name: 'Office', categories: { news: true, games: false, social: true }, hits: 12 },
  { name: 'Lab, "east"', categories: { news: false }, hits: -3 },
];

describe('Export: CSV rows join multi-select maps with a pipe', () => {
  it('joins the selected keys of a multi-select map, and array items, with a pipe', () => {
    expect(csvCell({ news: true, games: false, social: true })).toBe('news|social');
    expect(csvCell({ news: false })).toBe('');
    expect(csvCell(['a', 'b'])).toBe('a|b');
    expect(csvCell(null)).toBe('');
  });
  it('writes a header and one quoted-where-needed line per row', () => {
    expect(
      buildCsv(rows, [
        { field: 'name', header: 'Name' },
        { field: 'categories', header: 'Categories' },
        { field: 'hits' },
      ]),
    ).toBe('Name,Categories,hits\r\nOffice,news|social,12\r\n"Lab, ""east""",,-3');
  });
  it('defaults the columns to the first row’s keys', () => {
    expect(buildCsv([{ a: 1, b: 'x' }])).toBe('a,b\r\n1,x');
  });
  it('keeps a spreadsheet from running a text cell as a formula', () => {
    expect(buildCsv([{ v: '=HYPERLINK("x")' }])).toBe(`v\r\n"'=HYPERLINK(""x"")"`);
  });
});

describe('JSON or CSV downloads are named by the given name', () => {
  it('adds the extension once', () => {
    expect(exportFileName('web-logs', 'csv')).toBe('web-logs.csv');
    expect(exportFileName('web-logs.csv', 'csv')).toBe('web-logs.csv');
    expect(exportFileName('report', 'json')).toBe('report.json');
  });
  it('replaces characters file systems refuse, and names an empty name export', () => {
    expect(exportFileName('a/b:c*?', 'csv')).toBe('a_b_c__.csv');
    expect(exportFileName('  ', 'json')).toBe('export.json');
    expect(exportFileName('a\tb', 'csv')).toBe('a_b.csv');
  });
  it('builds the content and the mime type of each format', () => {
    const csv = buildExport('csv', 'rules', [{ a: 1 }]);
    expect(csv).toEqual({ fileName: 'rules.csv', content: 'a\r\n1', mime: 'text/csv;charset=utf-8' });
    const json = buildExport('json', 'rules', rows);
    expect(json.fileName).toBe('rules.json');
    expect(json.mime).toBe('application/json;charset=utf-8');
    expect(JSON.parse(json.content)).toEqual(rows);
    expect(buildJson([])).toBe('[]\n');
  });
});
