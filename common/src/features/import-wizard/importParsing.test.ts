import {
  importTemplateCsv,
  parseCsvFile,
  parseCsvText,
  parseImportFile,
  parseJsonText,
  recordsFromCells,
  contentFromCells,
  headerOf,
  ImportFileError,
} from './importParsing';

const fields = ['username', 'email', 'groups'];

describe('import parsing (docs/shared-ui.md §3 Import)', () => {
  it('Lines are split on line breaks, blank lines dropped, cells split on commas and trimmed', () => {
    const text = 'ada , ada@x.example,admins\r\n\r\n   \n bob,bob@x.example , \n';
    expect(parseCsvText(text, fields)).toEqual([
      { username: 'ada', email: 'ada@x.example', groups: 'admins' },
      { username: 'bob', email: 'bob@x.example', groups: '' },
    ]);
  });

  it('quoted fields containing commas and line breaks stay one cell', () => {
    const text = 'ada,ada@x.example,"admins, ops"\nbob,bob@x.example,"line one\nline two"\n';
    const rows = parseCsvText(text, fields);
    expect(rows).toHaveLength(2);
    expect(rows[0].groups).toBe('admins, ops');
    expect(rows[1].groups).toBe('line one\nline two');
  });

  it('A header row whose cells all start with a dollar sign is not counted', () => {
    const rows = parseCsvText('$username,$email,$groups\nada,ada@x.example,\n', fields);
    expect(rows).toEqual([{ username: 'ada', email: 'ada@x.example', groups: '' }]);
  });

  it('a header names the column order; a first row equal to the field names is a header too', () => {
    expect(
      recordsFromCells(
        [
          ['$email', '$username'],
          ['a@x.example', 'ada'],
        ],
        fields,
      ),
    ).toEqual([{ email: 'a@x.example', username: 'ada' }]);
    expect(parseCsvText('Username,Email,Groups\nada,a@x.example,g\n', fields)).toEqual([
      { username: 'ada', email: 'a@x.example', groups: 'g' },
    ]);
  });

  it('a plain header row of field names, in any order or case and with some left out, is a header too', () => {
    expect(headerOf(['$username', '$email'], fields)).toBe('template');
    expect(headerOf(['Email', 'USERNAME'], fields)).toBe('plain');
    expect(headerOf(['username', 'username'], fields)).toBeNull(); // a name twice: data
    expect(headerOf(['ada', 'email'], fields)).toBeNull();
    expect(
      contentFromCells(
        [
          ['email', 'username'],
          ['a@x.example', 'ada'],
        ],
        fields,
      ),
    ).toEqual({
      header: 'plain',
      records: [{ email: 'a@x.example', username: 'ada' }],
      columns: ['email', 'username'],
    });
    expect(contentFromCells([['ada', 'a@x.example', 'g']], fields)).toEqual({
      header: null,
      records: [{ username: 'ada', email: 'a@x.example', groups: 'g' }],
      columns: ['username', 'email', 'groups'],
    });
  });

  // Issue 37 point 5: the errors CSV keeps the file's columns and re-imports after fixing.
  it("a $ header keeps every column by its name (not a field: as it is); the errors CSV's reason is skipped", () => {
    expect(
      contentFromCells(
        [
          ['$Email', '$note', '$username', '$reason'],
          ['a@x.example', 'VIP', 'ada', 'username ada already exists.'],
        ],
        fields,
      ),
    ).toEqual({
      header: 'template',
      records: [{ email: 'a@x.example', note: 'VIP', username: 'ada' }],
      columns: ['email', 'note', 'username'],
    });
  });

  it('the empty CSV template is built from the field names and is not counted when imported', () => {
    const template = importTemplateCsv(fields);
    expect(template).toBe('$username,$email,$groups\r\n');
    expect(parseCsvText(template, fields)).toEqual([]);
  });

  it('reads JSON lists of objects or of arrays', () => {
    expect(
      parseJsonText('[{"username":"ada","email":"a@x.example","extra":1},["bob","b@x.example"]]', fields),
    ).toEqual([
      { username: 'ada', email: 'a@x.example', groups: '' },
      { username: 'bob', email: 'b@x.example', groups: '' },
    ]);
    expect(() => parseJsonText('{"username":"ada"}', fields)).toThrow(ImportFileError);
    expect(() => parseJsonText('[{', fields)).toThrow('The JSON file could not be read.');
  });

  it('reads a 10,000-row file in chunks with every row intact, quoted line breaks included', async () => {
    const lines = ['$username,$email,$groups'];
    for (let i = 0; i < 10000; i += 1) lines.push(`user${i},user${i}@x.example,"a,b\nc"`);
    const file = new File([lines.join('\n')], 'big.csv', { type: 'text/csv' });
    const cells = await parseCsvFile(file, 4096);
    expect(cells).toHaveLength(10001);
    const { records: rows, header } = await parseImportFile(file, fields);
    expect(header).toBe('template');
    expect(rows).toHaveLength(10000);
    expect(rows[9999]).toEqual({ username: 'user9999', email: 'user9999@x.example', groups: 'a,b\nc' });
    expect(rows.every((row, i) => row.username === `user${i}`)).toBe(true);
  });

  it('reads a JSON file', async () => {
    const content = await parseImportFile(new File(['[{"username":"ada"}]'], 'u.json'), fields);
    expect(content).toEqual({
      header: null,
      records: [{ username: 'ada', email: '', groups: '' }],
      columns: ['username', 'email', 'groups'],
    });
  });
});
