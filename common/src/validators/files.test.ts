import { fileExtension, importFileError, isAllowedFile, UPLOAD_FILE_TYPES, uploadError } from './files';

const file = (name: string, type = '') => ({ name, type });

describe("Upload allowed types, matched by MIME type or by extension; otherwise 'Invalid file type uploaded'", () => {
  it.each([
    'a.txt',
    'a.csv',
    'a.crt',
    'a.pem',
    'a.json',
    'a.png',
    'a.jpg',
    'a.JPEG',
    'a.gif',
    'a.svg',
    'fw.updatepackage',
    'backup.menlo-settings',
  ])('accepts %s by its extension', (name) => expect(isAllowedFile(file(name))).toBe(true));
  it('accepts a known MIME type whatever the name', () => {
    expect(isAllowedFile(file('upload', 'image/png'))).toBe(true);
    expect(isAllowedFile(file('data.bin', 'text/csv; charset=utf-8'))).toBe(true);
  });
  it('refuses other types', () => {
    expect(uploadError([file('tool.exe', 'application/x-msdownload')])).toBe('Invalid file type uploaded');
    expect(uploadError([file('archive.zip', 'application/zip')])).toBe('Invalid file type uploaded');
    expect(uploadError([file('noextension')])).toBe('Invalid file type uploaded');
    expect(uploadError([file('a.csv'), file('b.exe')], { multi: true })).toBe('Invalid file type uploaded');
  });
  it('takes a narrower allowed list from the caller', () => {
    expect(uploadError([file('logo.png', 'image/png')], { allowed: ['pem', 'crt'] })).toBe(
      'Invalid file type uploaded',
    );
    expect(uploadError([file('ca.pem')], { allowed: ['pem', 'crt'] })).toBeNull();
  });
});

describe("More than one file at once is refused with 'multiple file upload not supported' unless multi is allowed", () => {
  it('refuses two files by default and accepts them with multi', () => {
    expect(uploadError([file('a.csv'), file('b.csv')])).toBe('multiple file upload not supported');
    expect(uploadError([file('a.csv'), file('b.csv')], { multi: true })).toBeNull();
    expect(uploadError([file('a.csv')])).toBeNull();
    expect(uploadError([])).toBeNull();
  });
});

describe('Import: only csv or json files are accepted', () => {
  it('accepts csv and json, refuses the rest', () => {
    expect(importFileError(file('users.csv'))).toBeNull();
    expect(importFileError(file('users', 'application/json'))).toBeNull();
    expect(importFileError(file('users.txt', 'text/plain'))).toBe('Invalid file uploaded');
  });
  it('reads the extension after the last dot, lower-cased', () => {
    expect(fileExtension('a.tar.GZ')).toBe('gz');
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('name.')).toBe('');
  });
});

describe('upload MIME lists (issue 18)', () => {
  it.each([
    ['txt', 'text/plain'],
    ['csv', 'text/csv'],
    ['csv', 'application/vnd.ms-excel'],
    ['crt', 'application/x-x509-ca-cert'],
    ['crt', 'application/pkix-cert'],
    ['crt', 'application/x-x509-user-cert'],
    ['pem', 'application/x-pem-file'],
    ['json', 'application/json'],
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['svg', 'image/svg+xml'],
  ])('a %s file is recognised by its MIME type %s alone', (type, mime) => {
    expect(isAllowedFile({ name: 'upload', type: mime }, [type])).toBe(true);
    expect(isAllowedFile({ name: 'upload', type: `${mime.toUpperCase()}; charset=utf-8` }, [type])).toBe(
      true,
    );
    const others = Object.keys(UPLOAD_FILE_TYPES).filter((t) => !UPLOAD_FILE_TYPES[t].includes(mime));
    expect(isAllowedFile({ name: 'upload', type: mime }, others)).toBe(false);
  });

  it('types without a MIME type are known by extension only; an empty MIME type matches nothing', () => {
    expect(isAllowedFile({ name: 'box.updatepackage', type: '' }, ['updatepackage'])).toBe(true);
    expect(isAllowedFile({ name: 'x.menlo-settings', type: '' }, ['menlo-settings'])).toBe(true);
    expect(isAllowedFile({ name: 'upload', type: '' }, ['updatepackage', 'menlo-settings'])).toBe(false);
    expect(isAllowedFile({ name: 'upload', type: ' ' }, ['txt'])).toBe(false);
    expect(isAllowedFile({ name: 'upload', type: 'text/plain' }, ['nonsense'])).toBe(false);
  });

  it('by default every listed type is allowed; extensions ignore case; .jpeg is jpg', () => {
    expect(isAllowedFile({ name: 'a.PNG', type: '' })).toBe(true);
    expect(isAllowedFile({ name: 'a.jpeg', type: '' }, ['jpg'])).toBe(true);
    expect(isAllowedFile({ name: 'a.exe', type: 'application/octet-stream' })).toBe(false);
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('name.')).toBe('');
    expect(fileExtension('a.b.CSV')).toBe('csv');
  });

  it('uploads: several files only with multi, each one allowed; none is not an error', () => {
    const ok = { name: 'a.csv', type: '' };
    const bad = { name: 'a.exe', type: '' };
    expect(uploadError([])).toBeNull();
    expect(uploadError([ok, ok])).toBe('multiple file upload not supported');
    expect(uploadError([ok, ok], { multi: true })).toBeNull();
    expect(uploadError([ok, bad], { multi: true })).toBe('Invalid file type uploaded');
    expect(uploadError([ok], { allowed: ['json'] })).toBe('Invalid file type uploaded');
    expect(importFileError({ name: 'users.json', type: '' })).toBeNull();
    expect(importFileError({ name: 'users', type: 'text/csv' })).toBeNull();
  });
});
