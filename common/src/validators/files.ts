/**
 * Upload and import file rules (docs/shared-ui.md §4 Upload, Import; §4 messages). Unlike
 * the form validators these return the exact user-facing message of the error catalogue, which
 * the upload control shows for about 3 seconds (UPLOAD_ERROR_DURATION_MS).
 */

export const INVALID_FILE_TYPE_MSG = 'Invalid file type uploaded';
export const MULTIPLE_FILES_MSG = 'multiple file upload not supported';
/** Import dialog: a file that is not csv or json. */
export const INVALID_IMPORT_FILE_MSG = 'Invalid file uploaded';
export const UPLOAD_ERROR_DURATION_MS = 3000;

/** The allowed upload types, by extension, and the MIME types that identify them. */
export const UPLOAD_FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  txt: ['text/plain'],
  csv: ['text/csv', 'application/vnd.ms-excel'],
  crt: ['application/x-x509-ca-cert', 'application/pkix-cert', 'application/x-x509-user-cert'],
  pem: ['application/x-pem-file'],
  json: ['application/json'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  gif: ['image/gif'],
  svg: ['image/svg+xml'],
  updatepackage: [],
  'menlo-settings': [],
  // Browser policy files (docs/browser-posture.md §3): a Windows .reg export, Group Policy's Registry.xml.
  reg: ['text/x-ms-regedit'],
  xml: ['application/xml', 'text/xml'],
};

export const IMPORT_FILE_TYPES = ['csv', 'json'] as const;

/** What the rules need of a File (a browser File satisfies it). */
export interface FileLike {
  name: string;
  type: string;
}

/** The lower-case extension after the last dot ('' when none). 'photo.JPEG' → 'jpeg'. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Whether a file is of an allowed type, matched by MIME type OR by extension (browsers often
 * report '' or a generic type for .pem or .crt). Decision: '.jpeg' counts as jpg.
 */
export function isAllowedFile(
  file: FileLike,
  allowed: readonly string[] = Object.keys(UPLOAD_FILE_TYPES),
): boolean {
  const ext = fileExtension(file.name);
  const normalised = ext === 'jpeg' ? 'jpg' : ext;
  if (allowed.includes(normalised)) return true;
  const mime = file.type.toLowerCase().split(';')[0].trim();
  return mime !== '' && allowed.some((type) => (UPLOAD_FILE_TYPES[type] ?? []).includes(mime));
}

/**
 * The upload control's check of the dropped or chosen files: the error message, or null when they
 * may be uploaded. More than one file is refused unless `multi`; every file must be allowed.
 * No files at all is not an error (nothing happens).
 */
export function uploadError(
  files: readonly FileLike[],
  options: { multi?: boolean; allowed?: readonly string[] } = {},
): string | null {
  if (files.length > 1 && !options.multi) return MULTIPLE_FILES_MSG;
  return files.every((file) => isAllowedFile(file, options.allowed)) ? null : INVALID_FILE_TYPE_MSG;
}

/** The import dialog accepts only csv or json files: the error message, or null. */
export function importFileError(file: FileLike): string | null {
  return isAllowedFile(file, IMPORT_FILE_TYPES) ? null : INVALID_IMPORT_FILE_MSG;
}
