/**
 * api-client-layer §7 Reports and Logs, portal-core §7 Reports (the report files) and Logs: every
 * report query by name with start, end and limit; the logs' blocks with their paging.
 */
import { expectFields, expectRefused, expectUnknownParameterRefused, ok, type Suite } from '../checks';
import { acl, core, type SpecEndpoint, type SpecSource } from '../endpointTypes';
import {
  DEFAULT_GRANULARITY,
  DEFAULT_REPORT_LIMIT,
  GRANULARITY_SECONDS,
  LOG_BLOCK_SIZE,
  LOG_TYPES,
  PE_ACTION_ISOLATE_SENT_AS,
} from '../specShapes';

const REPORTS = 'api-client-layer §7 Reports';
const LOGS = 'api-client-layer §7 Logs';
const FILES = 'portal-core §7 Reports';

/** A file hash the tenant's events carry (the test events have web downloads and e-mail attachments). */
async function inspectedFileHash(suite: Suite): Promise<string> {
  for (const logType of ['scan_web', 'scan_email', 'scan_dlp']) {
    const reply = ok(await suite.tenant.get(`/api/rep/v1/query/${logType}`, { ...suite.range, limit: 100 }));
    const found = (reply.events as Array<Record<string, unknown>>).find((e) => typeof e.sha256 === 'string');
    if (found) return found.sha256 as string;
  }
  throw new Error('No test event carries a file hash.');
}

/** The first report of such a file, as the query answers it. */
async function firstReport(suite: Suite): Promise<{ sha256: string; plugin: string; file_id: string }> {
  const sha256 = await inspectedFileHash(suite);
  const reply = ok(await suite.tenant.post('/api/rep/v1/fileserver/restapi', { sha256: [sha256] }));
  const [file] = reply.files as Array<{ reports: Array<{ plugin: string; file_id: string }> }>;
  return { sha256, ...file.reports[0] };
}

const ALL_QUERIES = acl(
  '§7 Reports',
  'All GET /api/rep/v1/query/{name} with start and end (unix seconds) and limit (default 50).',
);

interface ReportRow {
  rows: Array<{ key: unknown; value: unknown; series?: unknown }>;
  granularity?: string;
}

/** A filter value for a parameter the spec names: the spec's own vocabulary where it has one. */
const FILTER_VALUES: Readonly<Record<string, string>> = {
  pe_action: PE_ACTION_ISOLATE_SENT_AS,
  top_level_risks: 'R',
  casb_profile_type: 'sanctioned',
  smtp_action: 'url-rewrite',
  log_type: 'scan_email',
  result_type: 'count',
  is_page_request: 'true',
  is_casb_ddl: 'true',
  av_scan_result: 'clean',
  cats: '1',
  webroot_cats: '1',
  risk_score: '50',
  smtp_code: '250',
};

/**
 * A report query as the spec sends it: start, end (unix seconds) and limit. The answer's rows are
 * at most `limit` for a top-N query; a by-date query answers its buckets (SILENT_CHOICES
 * report-reply, report-limit-by-date). Each filter the spec names for the query is taken
 * (report-filter-values); a parameter it does not name is refused with its name.
 */
async function checkReport(
  suite: Suite,
  name: string,
  filters: readonly string[],
  byDate: boolean,
): Promise<void> {
  const path = `/api/rep/v1/query/${name}`;
  const { start, end } = suite.range;
  const reply = ok(await suite.tenant.get(path, { start, end, limit: 10 })) as unknown as ReportRow;
  expect(Array.isArray(reply.rows)).toBe(true);
  if (byDate) expect(reply.granularity).toBe(DEFAULT_GRANULARITY);
  else expect(new Set(reply.rows.map((r) => r.key)).size).toBeLessThanOrEqual(10);
  for (const row of reply.rows) expectFields(row, ['key', 'value']);
  for (const filter of filters) {
    const answer = await suite.tenant.get(path, {
      start,
      end,
      limit: 10,
      [filter]: FILTER_VALUES[filter] ?? 'x',
    });
    if (answer.status !== 200) expectRefused(answer, filter);
    expect((answer.body as { message?: string }).message ?? '').not.toMatch(/not an allowed|unknown filter/i);
  }
  await expectUnknownParameterRefused(suite.tenant, path, { start, end, limit: 10 });
}

const queryRow = (
  name: string,
  source: SpecSource,
  options: { filters?: readonly string[]; byDate?: boolean } = {},
): SpecEndpoint => ({
  family: REPORTS,
  method: 'GET',
  path: `/api/rep/v1/query/${name}`,
  sources: [ALL_QUERIES, source],
  silent: [
    'report-reply',
    'unknown-parameter',
    ...(options.filters?.length ? (['report-filter-values'] as const) : []),
    ...(options.byDate ? (['report-limit-by-date'] as const) : []),
  ],
  check: (suite) => checkReport(suite, name, options.filters ?? [], options.byDate ?? false),
});

const WEB = acl(
  '§7 Reports',
  'top_categories and top_categories_v2, top_users, top_domains. Filters: pe_action, userid, group, domain, top_level_risks, cats or webroot_cats, protocol, user-agent, vulnerable_servers, heat_evasion_techniques, file_type.',
);
const WEB_FILTERS = [
  'pe_action',
  'userid',
  'group',
  'domain',
  'top_level_risks',
  'cats',
  'webroot_cats',
  'protocol',
  'user-agent',
  'vulnerable_servers',
  'heat_evasion_techniques',
  'file_type',
];
const line = (text: string): SpecSource => acl('§7 Reports', text);
const CASB_PATTERN = line(
  'top_casb_*: cloud app categories, app profile hits, cloud apps by casb_profile_type or casb_cat_name, users unsanctioned/unclassified, uploads by application name or profile type, users by application.',
);
const HEAT_PATTERN = line(
  'top_heat_*: alert counts by evasive techniques, by users, by type (with alert_sub_type or userid), actions, downloads by file type, domains for malware.',
);
const SMTP_BY_DATE = line(
  'smtp_request_count_by_date (granularity, timezone, log_type, smtp_action, smtp_code, smtp_reason).',
);

/** The report queries whose names the spec gives as a pattern (top_casb_*, top_heat_*): ours, per item. */
const patternRow = (name: string, source: SpecSource, filters: readonly string[] = []): SpecEndpoint => ({
  ...queryRow(name, source, { filters }),
  path: `/api/rep/v1/query/${name.startsWith('top_casb_') ? 'top_casb_*' : 'top_heat_*'} (${name})`,
  served: `/api/rep/v1/query/${name}`,
});

export const REPORT_ENDPOINTS: readonly SpecEndpoint[] = [
  ...['top_categories', 'top_categories_v2', 'top_users'].map((name) =>
    queryRow(name, WEB, { filters: WEB_FILTERS }),
  ),
  {
    ...queryRow('top_domains', WEB, { filters: WEB_FILTERS }),
    check: async (suite) => {
      await checkReport(suite, 'top_domains', WEB_FILTERS, false);
      // api-client-layer §9: "Default report limit 50" (the suite's events hold more domains than that).
      const path = '/api/rep/v1/query/top_domains';
      const every = ok(await suite.tenant.get(path, { ...suite.range, limit: 1000 })) as unknown as ReportRow;
      expect(every.rows.length).toBeGreaterThan(DEFAULT_REPORT_LIMIT);
      const byDefault = ok(await suite.tenant.get(path, suite.range)) as unknown as ReportRow;
      expect(byDefault.rows).toEqual(every.rows.slice(0, DEFAULT_REPORT_LIMIT));
    },
  },
  ...['risks_averted', 'action_summary', 'top_risks', 'top_risk_sources'].map((name) =>
    queryRow(name, line('risks_averted, action_summary, top_risks, top_risk_sources.')),
  ),
  queryRow('top_risk_users', line('top_risk_users (domain, is_page_request).'), {
    filters: ['domain', 'is_page_request'],
  }),
  queryRow('top_scan_results', line('top_scan_results.')),
  queryRow('top_files', line('top_files (av_scan_result).'), { filters: ['av_scan_result'] }),
  queryRow('top_response_risks', line('top_response_risks.')),
  patternRow('top_casb_categories', CASB_PATTERN),
  patternRow('top_casb_profile_hits', CASB_PATTERN),
  patternRow('top_casb_cloud_apps', CASB_PATTERN, ['casb_profile_type', 'casb_cat_name']),
  patternRow('top_casb_users_unsanctioned', CASB_PATTERN),
  patternRow('top_casb_users_unclassified', CASB_PATTERN),
  patternRow('top_casb_uploads_by_application', CASB_PATTERN),
  patternRow('top_casb_uploads_by_profile_type', CASB_PATTERN),
  patternRow('top_casb_users_by_application', CASB_PATTERN),
  queryRow('top_casb_cloud_apps_with_dlp_violations', line('top_casb_cloud_apps_with_dlp_violations.')),
  ...['top_unsanctioned_app_domains', 'top_unsanctioned_app_users'].map((name) =>
    queryRow(
      name,
      line('top_unsanctioned_app_domains and top_unsanctioned_app_users (domain or userid, is_casb_ddl).'),
      {
        filters: ['is_casb_ddl'],
      },
    ),
  ),
  ...[
    'casb_request_count_by_application_discovery',
    'casb_request_count_by_application_discovery/groups',
  ].map((name) =>
    queryRow(
      name,
      line(
        'casb_request_count_by_application_discovery and its /groups variant (result_type=count for totals).',
      ),
      {
        filters: ['result_type'],
      },
    ),
  ),
  ...[
    'top_bandwidth_users',
    'top_bandwidth_domains',
    'top_bandwidth_categories',
    'top_bandwidth_categories_v2',
  ].map((name) =>
    queryRow(
      name,
      line(
        'top_bandwidth_users, top_bandwidth_domains, top_bandwidth_categories (and _v2), bandwidth_usage_by_date.',
      ),
    ),
  ),
  queryRow(
    'bandwidth_usage_by_date',
    line(
      'top_bandwidth_users, top_bandwidth_domains, top_bandwidth_categories (and _v2), bandwidth_usage_by_date.',
    ),
    {
      byDate: true,
    },
  ),
  queryRow('top_protocols', line('top_protocols.')),
  ...['top_dlp_users', 'top_dlp_domains'].map((name) =>
    queryRow(name, line('top_dlp_users, top_dlp_domains.')),
  ),
  queryRow(
    'fwaas_blocked_traffic',
    line(
      'fwaas_blocked_traffic, fwaas_top_protocols, fwaas_action_summary, fwaas_top_sources, fwaas_top_destinations, fwaas_top_users.',
    ),
    {
      byDate: true,
    },
  ),
  ...[
    'fwaas_top_protocols',
    'fwaas_action_summary',
    'fwaas_top_sources',
    'fwaas_top_destinations',
    'fwaas_top_users',
  ].map((name) =>
    queryRow(
      name,
      line(
        'fwaas_blocked_traffic, fwaas_top_protocols, fwaas_action_summary, fwaas_top_sources, fwaas_top_destinations, fwaas_top_users.',
      ),
    ),
  ),
  {
    ...queryRow('smtp_request_count_by_date', SMTP_BY_DATE, {
      filters: ['log_type', 'smtp_action', 'smtp_code', 'smtp_reason'],
      byDate: true,
    }),
    check: async (suite) => {
      await checkReport(
        suite,
        'smtp_request_count_by_date',
        ['log_type', 'smtp_action', 'smtp_code', 'smtp_reason'],
        true,
      );
      // api-client-layer §3: the granularities of the interval table; the default P2D.
      const { start, end } = suite.range;
      for (const [granularity, seconds] of Object.entries(GRANULARITY_SECONDS)) {
        const span = Math.min(end - start, seconds * 40);
        const reply = ok(
          await suite.tenant.get('/api/rep/v1/query/smtp_request_count_by_date', {
            start: end - span,
            end,
            limit: DEFAULT_REPORT_LIMIT,
            granularity,
            timezone: 'UTC',
          }),
        ) as unknown as ReportRow;
        const keys = reply.rows.map((r) => Number(r.key));
        expect(keys.slice(1).map((k, i) => k - keys[i])).toEqual(keys.slice(1).map(() => seconds));
      }
    },
  },
  queryRow('smtp_request_time_taken_by_date', line('smtp_request_time_taken_by_date.'), { byDate: true }),
  queryRow('smtp_request_count_by_smtp_code_and_reason', line('smtp_request_count_by_smtp_code_and_reason.')),
  {
    ...queryRow(
      'smtp_request_count_by_date_by_event_for_failures',
      line('smtp_request_count_by_date_by_event_for_failures.'),
      {
        byDate: true,
      },
    ),
    check: async (suite) => {
      await checkReport(suite, 'smtp_request_count_by_date_by_event_for_failures', [], true);
      // SILENT_CHOICES report-limit-by-date: limit bounds the series, never the buckets.
      const path = '/api/rep/v1/query/smtp_request_count_by_date_by_event_for_failures';
      const all = ok(
        await suite.tenant.get(path, { ...suite.range, limit: DEFAULT_REPORT_LIMIT }),
      ) as unknown as ReportRow;
      const one = ok(await suite.tenant.get(path, { ...suite.range, limit: 1 })) as unknown as ReportRow;
      const seriesOf = (r: ReportRow) => new Set(r.rows.map((row) => row.series));
      expect(seriesOf(all).size).toBeGreaterThan(1);
      expect(seriesOf(one).size).toBe(1);
      expect(new Set(one.rows.map((r) => r.key))).toEqual(new Set(all.rows.map((r) => r.key)));
    },
  },
  queryRow('smtp_request_count_by_event', line('smtp_request_count_by_event.')),
  queryRow('risk_score_clicks_email', line('risk_score_clicks_email.')),
  queryRow(
    'top_domains_email_clicks',
    line('top_domains_email_clicks (risk_score, top_level_risks, userid, cats, webroot_cats).'),
    {
      filters: ['risk_score', 'top_level_risks', 'userid', 'cats', 'webroot_cats'],
    },
  ),
  queryRow(
    'emails_rewritten',
    line('top_risks_email, top_users_email, emails_rewritten, top_exit_mode_email, top_domains_email_exit.'),
    {
      byDate: true,
    },
  ),
  ...['top_risks_email', 'top_users_email', 'top_exit_mode_email', 'top_domains_email_exit'].map((name) =>
    queryRow(
      name,
      line(
        'top_risks_email, top_users_email, emails_rewritten, top_exit_mode_email, top_domains_email_exit.',
      ),
    ),
  ),
  ...['top_categories_email', 'top_categories_email_v2'].map((name) =>
    queryRow(name, line('top_categories_email and top_categories_email_v2.')),
  ),
  ...['top_non_browser_ua', 'action_summary_non_browser'].map((name) =>
    queryRow(name, line('top_non_browser_ua, action_summary_non_browser.')),
  ),
  queryRow(
    'top_ua_type',
    line('top_ua_type, top_ua (ua_type), top_browsers, top_browser_versions (browser).'),
  ),
  queryRow('top_ua', line('top_ua_type, top_ua (ua_type), top_browsers, top_browser_versions (browser).'), {
    filters: ['ua_type'],
  }),
  queryRow(
    'top_browsers',
    line('top_ua_type, top_ua (ua_type), top_browsers, top_browser_versions (browser).'),
  ),
  queryRow(
    'top_browser_versions',
    line('top_ua_type, top_ua (ua_type), top_browsers, top_browser_versions (browser).'),
    {
      filters: ['browser'],
    },
  ),
  patternRow('top_heat_evasive_techniques', HEAT_PATTERN),
  patternRow('top_heat_users', HEAT_PATTERN),
  patternRow('top_heat_alert_types', HEAT_PATTERN, ['alert_sub_type', 'userid']),
  patternRow('top_heat_actions', HEAT_PATTERN),
  patternRow('top_heat_downloads_by_file_type', HEAT_PATTERN),
  patternRow('top_heat_malware_domains', HEAT_PATTERN),
  queryRow(
    'lure_count_by_webroots_cats_and_analysis_time_cats',
    line('lure_count_by_webroots_cats_and_analysis_time_cats.'),
  ),
  queryRow('scan_heat', line('scan_heat (lure_category, webroot_cats).'), {
    filters: ['lure_category', 'webroot_cats'],
  }),
  {
    family: REPORTS,
    method: 'GET',
    path: '/api/insights/v1/q',
    sources: [line('GET /api/insights/v1/q?q&src (default web; a bandwidth variant exists).')],
    check: async (suite) => {
      for (const src of [undefined, 'web', 'bandwidth']) {
        const reply = ok(
          await suite.tenant.get('/api/insights/v1/q', { q: 'example', ...(src ? { src } : {}) }),
        );
        expect(reply.src).toBe(src ?? 'web');
      }
    },
  },
  {
    family: REPORTS,
    method: 'POST',
    path: '/api/rep/v1/fileserver/restapi',
    sources: [line('POST /api/rep/v1/fileserver/restapi.')],
    silent: ['fileserver', 'error-field'],
    check: async (suite) => {
      const sha256 = await inspectedFileHash(suite);
      const reply = ok(await suite.tenant.post('/api/rep/v1/fileserver/restapi', { sha256: [sha256] }));
      const files = reply.files as Array<{
        file: { sha256: string };
        reports: Array<Record<string, unknown>>;
      }>;
      expect(files.map((f) => f.file.sha256)).toEqual([sha256]);
      expect(files[0].reports.length).toBeGreaterThan(0);
      for (const r of files[0].reports) expectFields(r, ['plugin', 'file_id', 'verdict', 'score']);
      expectRefused(
        await suite.tenant.post('/api/rep/v1/fileserver/restapi', { sha256: ['not-a-hash'] }),
        'sha256.0',
      );
    },
  },
  {
    family: REPORTS,
    method: 'GET',
    path: '/api/rep/v1/fileserver/report/{sha256}/{plugin}/{file_id}',
    sources: [
      line('GET /api/rep/v1/fileserver/report/{sha256}/{plugin}/{file_id}, with an html-report variant.'),
    ],
    silent: ['fileserver', 'error-field'],
    check: async (suite) => {
      const { sha256, plugin, file_id } = await firstReport(suite);
      const report = ok(
        await suite.tenant.get(`/api/rep/v1/fileserver/report/${sha256}/${plugin}/${file_id}`),
      );
      expect(report).toMatchObject({ plugin, file_id });
      expectFields(report, ['verdict', 'score', 'findings', 'file.sha256']);
      expectRefused(
        await suite.tenant.get(`/api/rep/v1/fileserver/report/xyz/${plugin}/${file_id}`),
        'sha256',
      );
      // The html-report variant: the same report as an HTML document.
      const html = await suite.tenant.get(
        `/api/rep/v1/fileserver/html-report/${sha256}/${plugin}/${file_id}`,
      );
      expect(html.status).toBe(200);
      expect(html.contentType).toMatch(/^text\/html/);
      expect(html.text).toContain(sha256);
    },
  },

  // api-client-layer §7 Logs (portal-core §7 Logs: "the path is not shown")
  ...LOG_TYPES.flatMap((logType): SpecEndpoint[] => {
    const sources = [
      acl(
        '§7 Logs',
        'GET or POST (body pagingIdentifiers) /api/rep/v1/query/{logtype}?{query}. The response has an events list and pagingIdentifiers.',
      ),
      core(
        '§3 Entities',
        'Log event: log fields plus an index added by the client. Paging info has last_iteration.',
      ),
      core('§4 Logs paging', 'Events are fetched 100 at a time and cached.'),
    ];
    const path = `/api/rep/v1/query/${logType}`;
    const block = async (suite: Suite) => {
      const reply = ok(await suite.tenant.get(path, { ...suite.range, limit: LOG_BLOCK_SIZE }));
      expect(Array.isArray(reply.events)).toBe(true);
      expect(typeof (reply.pagingIdentifiers as { last_iteration?: unknown }).last_iteration).toBe('boolean');
      return reply;
    };
    return [
      {
        family: LOGS,
        method: 'GET',
        path,
        sources,
        silent: ['logs-block'],
        check: async (suite) => {
          await block(suite);
        },
      },
      {
        family: LOGS,
        method: 'POST',
        path,
        sources,
        silent: ['logs-block'],
        check: async (suite) => {
          const first = await block(suite);
          const next = ok(
            await suite.tenant.post(
              path,
              { pagingIdentifiers: first.pagingIdentifiers },
              { ...suite.range, limit: LOG_BLOCK_SIZE },
            ),
          );
          expect(Array.isArray(next.events)).toBe(true);
          expectFields(next, ['pagingIdentifiers.last_iteration']);
        },
      },
    ];
  }),

  // portal-core §7 Reports: the report files
  {
    family: FILES,
    method: 'GET',
    path: '/api/reports/v1/past_reports',
    sources: [core('§7 Reports', 'GET /api/reports/v1/past_reports (binary download with a suffix).')],
    silent: ['report-files'],
    check: async (suite) => {
      const made = ok(
        await suite.tenant.put('/api/reports/v1/instant_reports', {
          source: { dashboard: 'web' },
          interval: '7d',
          format: 'csv',
        }),
      );
      const list = ok(await suite.tenant.get('/api/reports/v1/past_reports'));
      expect(list.past_reports).toEqual(expect.arrayContaining([expect.objectContaining({ id: made.id })]));
      const file = await suite.tenant.get(`/api/reports/v1/past_reports/${String(made.id)}`);
      expect(file.status).toBe(200);
      expect(file.contentType).not.toMatch(/json/);
    },
  },
  {
    family: FILES,
    method: 'GET',
    path: '/api/reports/v1/scheduled_reports',
    sources: [core('§7 Reports', 'GET and PUT /api/reports/v1/scheduled_reports.')],
    silent: ['report-files'],
    check: async (suite) => {
      expect(
        Array.isArray(ok(await suite.tenant.get('/api/reports/v1/scheduled_reports')).scheduled_reports),
      ).toBe(true);
    },
  },
  {
    family: FILES,
    method: 'PUT',
    path: '/api/reports/v1/scheduled_reports',
    sources: [core('§7 Reports', 'GET and PUT /api/reports/v1/scheduled_reports.')],
    silent: ['report-files'],
    check: async (suite) => {
      const saved = ok(
        await suite.tenant.put('/api/reports/v1/scheduled_reports', {
          name: 'Spec suite weekly',
          source: { dashboard: 'web' },
          interval: '7d',
          schedule: { preset: 'weekly', timezone: 'UTC' },
          format: 'pdf',
          recipients: ['admin@acme.example'],
          enabled: true,
        }),
      );
      const list = ok(await suite.tenant.get('/api/reports/v1/scheduled_reports'));
      expect(list.scheduled_reports).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: saved.id })]),
      );
    },
  },
  {
    family: FILES,
    method: 'PUT',
    path: '/api/reports/v1/instant_reports',
    sources: [core('§7 Reports', 'PUT /api/reports/v1/instant_reports.')],
    silent: ['report-files'],
    check: async (suite) => {
      expect(
        ok(
          await suite.tenant.put('/api/reports/v1/instant_reports', {
            source: { dashboard: 'email' },
            interval: '30d',
            format: 'pdf',
          }),
        ).id,
      ).toEqual(expect.any(String));
    },
  },
];
