import { fileExtension, importFileError, isAllowedFile, uploadError } from './files';

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
