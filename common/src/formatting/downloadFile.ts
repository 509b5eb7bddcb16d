/**
 * Saves text as a file in the browser: a Blob, a temporary object URL and a clicked hidden link.
 * The thin, untested-by-logic edge of the export builders (their content is built by pure functions).
 */
export function downloadFile(name: string, content: BlobPart | readonly BlobPart[], mime: string): void {
  const parts = Array.isArray(content) ? [...(content as readonly BlobPart[])] : [content as BlobPart];
  const url = URL.createObjectURL(new Blob(parts, { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    URL.revokeObjectURL(url);
  }
}
