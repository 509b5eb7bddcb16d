import { downloadFile } from './downloadFile';

/** jsdom's Blob has no text(): read it the old way. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('downloadFile', () => {
  it('clicks a link named after the file to an object URL of the content, then cleans up', async () => {
    const blobs: Blob[] = [];
    const created = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test-1';
    });
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicks: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });

    downloadFile('rules.csv', 'a\r\n1', 'text/csv;charset=utf-8');

    expect(clicks).toEqual([{ href: 'blob:test-1', download: 'rules.csv' }]);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(await readBlob(blobs[0])).toBe('a\r\n1');
    expect(revoked).toHaveBeenCalledWith('blob:test-1');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });
});
