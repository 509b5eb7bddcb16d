/**
 * Content types (docs/policy.md §7 Policy revision: contentTypes.files, each a name and a list
 * of sub-entries; §7 GET /api/policy/v3/content_types and /api/policy/v4/content_types): the file
 * types the document, download and attachment rules name. v4 splits the broad v3 types (Office
 * documents per application, archives from disk images, audio from video), adds e-mail messages
 * and CAD drawings, and drops Flash (end of life). The content migration finds the v4 type of
 * each v3 rule's extension through V4_CONTENT_TYPE_OF_EXTENSION. The calendar entry is the one
 * the portal shows as "ICS Meeting Invitation" (contentTypeDisplayName).
 */
import type { ContentTypeFile } from '@workbench/common/api/contract/policyReference';

type Sub = ContentTypeFile['list'][number];
const t = (name: string, extensions: string[], mime_types: string[]): Sub => ({
  name,
  extensions,
  mime_types,
});

const WORD = t(
  'Microsoft Word',
  ['doc', 'docx', 'docm', 'dot', 'dotx'],
  ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
);
const EXCEL = t(
  'Microsoft Excel',
  ['xls', 'xlsx', 'xlsm', 'xlsb', 'xlt'],
  ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
);
const POWERPOINT = t(
  'Microsoft PowerPoint',
  ['ppt', 'pptx', 'pptm', 'pps', 'ppsx'],
  [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
);
const PDF = t('Adobe PDF', ['pdf'], ['application/pdf']);
const OPEN_DOCUMENT = [
  t('OpenDocument Text', ['odt'], ['application/vnd.oasis.opendocument.text']),
  t('OpenDocument Spreadsheet', ['ods'], ['application/vnd.oasis.opendocument.spreadsheet']),
  t('OpenDocument Presentation', ['odp'], ['application/vnd.oasis.opendocument.presentation']),
];
const ARCHIVES = [
  t('ZIP', ['zip'], ['application/zip']),
  t('RAR', ['rar'], ['application/vnd.rar']),
  t('7-Zip', ['7z'], ['application/x-7z-compressed']),
  t('Tar and GZip', ['tar', 'gz', 'tgz'], ['application/x-tar', 'application/gzip']),
];
const DISK_IMAGES = [
  t('ISO Image', ['iso'], ['application/x-iso9660-image']),
  t('Apple Disk Image', ['dmg'], ['application/x-apple-diskimage']),
];
const WINDOWS_EXECUTABLES = [
  t('Windows Executable', ['exe', 'dll', 'scr'], ['application/vnd.microsoft.portable-executable']),
  t('Windows Installer', ['msi'], ['application/x-msi']),
];
const MOBILE_APPS = [
  t('Android Package', ['apk'], ['application/vnd.android.package-archive']),
  t('iOS App', ['ipa'], ['application/octet-stream']),
];
const IMAGES = [
  t('JPEG', ['jpg', 'jpeg'], ['image/jpeg']),
  t('PNG', ['png'], ['image/png']),
  t('GIF', ['gif'], ['image/gif']),
  t('SVG', ['svg'], ['image/svg+xml']),
];
const AUDIO = [t('MP3', ['mp3'], ['audio/mpeg']), t('WAV', ['wav'], ['audio/wav'])];
const VIDEO = [t('MP4', ['mp4', 'm4v'], ['video/mp4']), t('QuickTime', ['mov'], ['video/quicktime'])];
const CALENDAR = [
  t('iCalendar', ['ics', 'ical'], ['text/calendar']),
  t('vCalendar', ['vcs'], ['text/x-vcalendar']),
];
const SCRIPTS = [
  t('JavaScript', ['js'], ['text/javascript']),
  t('PowerShell', ['ps1'], ['text/plain']),
  t('VBScript', ['vbs'], ['text/vbscript']),
  t('Batch File', ['bat', 'cmd'], ['application/x-bat']),
];
const TEXT = [
  t('Plain Text', ['txt'], ['text/plain']),
  t('CSV', ['csv'], ['text/csv']),
  t('Rich Text', ['rtf'], ['application/rtf']),
];
const FLASH = [t('Shockwave Flash', ['swf'], ['application/x-shockwave-flash'])];
const EMAIL = [
  t('E-mail Message', ['eml'], ['message/rfc822']),
  t('Outlook Message', ['msg'], ['application/vnd.ms-outlook']),
];
const CAD = [t('AutoCAD Drawing', ['dwg'], ['image/vnd.dwg']), t('DXF', ['dxf'], ['image/vnd.dxf'])];

export const CONTENT_TYPES_V3: ContentTypeFile[] = [
  { name: 'Microsoft Office Documents', list: [WORD, EXCEL, POWERPOINT] },
  { name: 'PDF Documents', list: [PDF] },
  { name: 'OpenDocument Files', list: OPEN_DOCUMENT },
  { name: 'Archives', list: [...ARCHIVES, ...DISK_IMAGES] },
  { name: 'Executables', list: [...WINDOWS_EXECUTABLES, ...MOBILE_APPS] },
  { name: 'Images', list: IMAGES },
  { name: 'Audio and Video', list: [...AUDIO, ...VIDEO] },
  { name: 'Calendar', list: CALENDAR },
  { name: 'Scripts', list: SCRIPTS },
  { name: 'Text Files', list: TEXT },
  { name: 'Flash', list: FLASH },
];

export const CONTENT_TYPES_V4: ContentTypeFile[] = [
  { name: 'Microsoft Word Documents', list: [WORD] },
  { name: 'Microsoft Excel Spreadsheets', list: [EXCEL] },
  { name: 'Microsoft PowerPoint Presentations', list: [POWERPOINT] },
  { name: 'PDF Documents', list: [PDF] },
  { name: 'OpenDocument Files', list: OPEN_DOCUMENT },
  { name: 'Compressed Archives', list: ARCHIVES },
  { name: 'Disk Images', list: DISK_IMAGES },
  { name: 'Windows Executables', list: WINDOWS_EXECUTABLES },
  { name: 'Mobile Apps', list: MOBILE_APPS },
  { name: 'Images', list: IMAGES },
  { name: 'Audio', list: AUDIO },
  { name: 'Video', list: VIDEO },
  { name: 'ICS Calendar Invitations', list: CALENDAR },
  { name: 'Scripts', list: SCRIPTS },
  { name: 'Text and CSV Files', list: TEXT },
  { name: 'E-mail Messages', list: EMAIL },
  { name: 'CAD Drawings', list: CAD },
];

/**
 * The v4 content type holding each extension (one each: policyMigrations.test checks it). The
 * content migration turns a v3 rule's extensions into refs to these types.
 */
export const V4_CONTENT_TYPE_OF_EXTENSION: ReadonlyMap<string, string> = new Map(
  CONTENT_TYPES_V4.flatMap((file) =>
    file.list.flatMap((sub) => sub.extensions.map((extension) => [extension, file.name] as const)),
  ),
);

export const contentTypesReply = (files: ContentTypeFile[]) => ({ contentTypes: { files } });
