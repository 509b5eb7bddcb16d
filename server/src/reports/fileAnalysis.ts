/**
 * The file server's analysis reports (docs/reports.md §5): derived from the file's hash and what the
 * tenant's events say of it (name, type, first seen), the same every time (no state to keep or
 * lose, the same on every server of a shared store). Which plugins analyse a file depends on its
 * type (a sandbox detonates what can run or carry active content); the verdict, score, findings
 * and times come from the hash, so one file has one verdict everywhere.
 */
import { createHash } from 'node:crypto';
import {
  FILE_ANALYSIS_PLUGIN_NAMES,
  FILE_ANALYSIS_PLUGINS,
  type FileAnalysisPlugin,
  type FileAnalysisReport,
  type FileFinding,
  type FileReportSummary,
  type FileVerdict,
  type InspectedFile,
} from '@workbench/common/api/contract/fileserver';

/** File types a sandbox detonates: programs, installers, archives and documents with active content. */
const DETONATED = new Set(['exe', 'msi', 'zip', 'docx', 'xlsx', 'pptx', 'pdf', 'js', 'dll', 'iso']);
/** File types that can run code: a larger share of them are found harmful. */
const ACTIVE = new Set(['exe', 'msi', 'zip', 'js', 'dll', 'iso']);

/** A stream of bytes of a hash and a purpose: the report's choices, reproducible. */
function draws(sha256: string, purpose: string): () => number {
  const bytes = createHash('sha256').update(`${purpose}\u0000${sha256}`).digest();
  let i = 0;
  return () => bytes[i++ % bytes.length];
}

/** A file's size in bytes, from its hash and type (an executable or archive is larger). */
export function fileSizeOf(sha256: string, fileType: string): number {
  const next = draws(sha256, 'size');
  const base = ACTIVE.has(fileType) ? 400_000 : 20_000;
  return base + ((next() << 16) | (next() << 8) | next()) * (ACTIVE.has(fileType) ? 8 : 1);
}

/** The plugins that analysed a file of this type, in the registry's order. */
export function pluginsOf(fileType: string): FileAnalysisPlugin[] {
  return FILE_ANALYSIS_PLUGIN_NAMES.filter((p) => p !== 'sandbox' || DETONATED.has(fileType));
}

/** The report's id on the file server: from the hash and the plugin. */
export function fileIdOf(sha256: string, plugin: FileAnalysisPlugin): string {
  return createHash('sha256').update(`file id\u0000${plugin}\u0000${sha256}`).digest('hex').slice(0, 24);
}

/** The file's verdict: one per file, shared by its plugins (a sandbox may add, never clear). */
function fileVerdict(sha256: string, fileType: string): FileVerdict {
  const roll = draws(sha256, 'verdict')();
  const [malicious, suspicious] = ACTIVE.has(fileType) ? [64, 112] : [6, 26];
  return roll < malicious ? 'malicious' : roll < suspicious ? 'suspicious' : 'clean';
}

const SCORE_BANDS: Record<FileVerdict, [number, number]> = {
  clean: [0, 19],
  suspicious: [40, 69],
  malicious: [80, 100],
};

const FINDINGS: Record<FileAnalysisPlugin, Record<FileVerdict, readonly FileFinding[]>> = {
  static_analysis: {
    clean: [
      { severity: 'info', title: 'Well-formed file', detail: 'The structure matches the declared type.' },
      {
        severity: 'info',
        title: 'No embedded objects',
        detail: 'No macros, scripts or embedded files found.',
      },
    ],
    suspicious: [
      {
        severity: 'medium',
        title: 'Obfuscated strings',
        detail: 'Encoded strings of high entropy were found.',
      },
      { severity: 'low', title: 'Embedded object', detail: 'The file carries an embedded object or macro.' },
    ],
    malicious: [
      { severity: 'high', title: 'Known packer', detail: 'Packed with a packer seen in malware families.' },
      {
        severity: 'high',
        title: 'Auto-run code',
        detail: 'Code runs when the file is opened (macro or script).',
      },
    ],
  },
  av_scan: {
    clean: [{ severity: 'info', title: 'No signature matched', detail: 'Scanned by every engine: clean.' }],
    suspicious: [
      {
        severity: 'medium',
        title: 'Heuristic detection',
        detail: 'One engine flags the file heuristically (Generic.Suspicious).',
      },
    ],
    malicious: [
      {
        severity: 'high',
        title: 'Signature matched',
        detail: 'Several engines detect the file (Trojan.GenericKD, Win32/Agent).',
      },
    ],
  },
  sandbox: {
    clean: [
      { severity: 'info', title: 'No harmful behaviour', detail: 'Ran for 120 s with no harmful activity.' },
    ],
    suspicious: [
      {
        severity: 'medium',
        title: 'Contacts an unknown host',
        detail: 'Opened a connection to a newly registered domain.',
      },
    ],
    malicious: [
      {
        severity: 'high',
        title: 'Writes to autostart',
        detail: 'Added itself to the registry run keys for persistence.',
      },
      {
        severity: 'high',
        title: 'Command-and-control traffic',
        detail: 'Beacons to a known command-and-control address.',
      },
    ],
  },
};

const ENGINES: Record<FileAnalysisPlugin, string> = {
  static_analysis: 'Static analyzer 4.2',
  av_scan: 'Multi-engine AV 2026.11',
  sandbox: 'Detonation sandbox 3.8',
};

/** One plugin's report of a file. */
export function fileReport(file: InspectedFile, plugin: FileAnalysisPlugin): FileAnalysisReport {
  const next = draws(file.sha256, plugin);
  const verdict = fileVerdict(file.sha256, file.file_type);
  const [low, high] = SCORE_BANDS[verdict];
  const submitted = file.first_seen + (next() % 5);
  // Static analysis and AV answer in seconds; a sandbox run takes minutes.
  const took = plugin === 'sandbox' ? 120 + next() * 2 : 1 + (next() % 20);
  return {
    plugin,
    file_id: fileIdOf(file.sha256, plugin),
    verdict,
    score: low + (next() % (high - low + 1)),
    submitted_at: submitted,
    completed_at: submitted + took,
    file,
    engine: ENGINES[plugin],
    findings: [...FINDINGS[plugin][verdict]],
  };
}

/** Every report of a file, as the query answers them. */
export function fileReportSummaries(file: InspectedFile): FileReportSummary[] {
  return pluginsOf(file.file_type).map((plugin) => {
    const { findings: _f, file: _file, engine: _e, ...summary } = fileReport(file, plugin);
    return summary;
  });
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const when = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toISOString().replace('.000Z', ' UTC');

const VERDICT_COLOURS: Record<FileVerdict, string> = {
  clean: '#1b5e20',
  suspicious: '#8a4b00',
  malicious: '#b71c1c',
};

/**
 * The report as a standalone HTML document: every value escaped, no script, inline styles only
 * (the route serves it with a `sandbox` content security policy; the portal frames it sandboxed).
 */
export function fileReportHtml(report: FileAnalysisReport): string {
  const title = `${FILE_ANALYSIS_PLUGINS[report.plugin].title}: ${report.file.file_name}`;
  const rows: [string, string][] = [
    ['File name', report.file.file_name],
    ['File type', report.file.file_type],
    ['Size', `${report.file.size.toLocaleString('en-US')} bytes`],
    ['SHA-256', report.file.sha256],
    ['Engine', report.engine],
    ['Submitted', when(report.submitted_at)],
    ['Completed', when(report.completed_at)],
    ['Report id', report.file_id],
  ];
  const findings = report.findings
    .map(
      (f) =>
        `<li><strong>${escapeHtml(f.title)}</strong> <span class="sev">(${escapeHtml(f.severity)})</span>: ${escapeHtml(f.detail)}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:16px;color:#1a1a1a;background:#fff}
h1{font-size:1.2rem;margin:0 0 8px}
.verdict{font-weight:700;color:${VERDICT_COLOURS[report.verdict]}}
table{border-collapse:collapse;margin:8px 0}th,td{text-align:left;padding:2px 12px 2px 0;vertical-align:top}
td{word-break:break-all}.sev{color:#444}
</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Verdict: <span class="verdict">${escapeHtml(report.verdict)}</span>, score ${report.score} of 100</p>
<table><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>
<h2 style="font-size:1rem">Findings</h2>
<ul>${findings}</ul>
</body></html>
`;
}
