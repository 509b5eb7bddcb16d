import { csvCell, csvLine } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 5, null])).toBe(
      'a,"b,c","say ""hi""","two\nlines",5,\r\n',
    );
  });

  it('keeps a formula from running in a spreadsheet', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-3)).toBe('-3');
  });
});
