import type { PolicyChange, PolicyDiff } from '../../api/contract/policy';
import { changeText, diffLines, diffText } from './diffText';

const diffOf = (kinds: Array<{ kind: string; title: string; changes: PolicyChange[] }>): PolicyDiff => ({
  from: 4,
  to: 5,
  kinds,
});

const rule = (id: string, name: string, action = 'block', extra: Record<string, unknown> = {}) => ({
  id,
  name,
  enabled: true,
  action,
  conditions: {},
  ...extra,
});

const EXC = { kind: 'web/exceptions', title: 'Domain rules and exceptions' };

describe('diffText: the revision diff as sentences (issue 12)', () => {
  test('the examples of the issue', () => {
    const lines = diffLines(
      diffOf([
        {
          kind: 'cats',
          title: 'Categories',
          changes: [
            { op: 'added', path: 'list', key: '23', index: 0, item: { category_id: 23, action: 'block' } },
          ],
        },
        {
          ...EXC,
          changes: [
            { op: 'added', path: 'list', key: 'r9', index: 2, item: rule('r9', 'Block gambling') },
            { op: 'moved', path: 'list', key: 'r1', from: 1, to: 4 },
            { op: 'changed', path: 'list', key: 'r1', index: 4, field: 'action', from: 'allow', to: 'block' },
          ],
        },
        {
          kind: 'risks',
          title: 'Risk levels',
          changes: [
            {
              op: 'changed',
              path: 'list',
              key: 'Y',
              index: 1,
              field: 'action',
              from: 'safeview',
              to: 'block',
            },
          ],
        },
      ]),
      { entries: { 'web/exceptions': { list: { r1: rule('r1', 'Allow news', 'block') } } } },
    );
    expect(lines).toEqual([
      'Categories: Block for category 23 added',
      'Domain rules and exceptions: rule 3 “Block gambling” added (Block)',
      'Domain rules and exceptions: rule “Allow news” moved from 2 to 5',
      'Domain rules and exceptions: rule “Allow news”: action changed from Allow to Block',
      'Risk levels: Medium changed from Isolate to Block',
    ]);
  });

  test('category names come from the lookup when it knows the id', () => {
    const categoryName = (id: number) => (id === 23 ? 'Gambling' : undefined);
    const cats = { kind: 'cats' };
    expect(
      changeText(
        cats,
        { op: 'removed', path: 'list', key: '23', index: 3, item: { category_id: 23, action: 'safeview' } },
        { categoryName },
      ),
    ).toBe('Isolate for Gambling removed');
    expect(
      changeText(
        cats,
        { op: 'changed', path: 'list', key: '7', index: 0, field: 'action', from: 'allow', to: 'block' },
        { categoryName },
      ),
    ).toBe('category 7 changed from Allow to Block');
    expect(
      changeText(
        EXC,
        {
          op: 'changed',
          path: 'list',
          key: 'r1',
          index: 0,
          field: 'conditions.categories',
          from: [7],
          to: [7, 23],
        },
        { categoryName, entries: { 'web/exceptions': { list: { r1: rule('r1', 'Games') } } } },
      ),
    ).toBe('rule “Games”: categories Gambling added');
  });

  test('a rule the diff names only by key reads by its position when its entry is not known', () => {
    expect(
      changeText(EXC, {
        op: 'changed',
        path: 'list',
        key: 'a1b2',
        index: 6,
        field: 'action',
        from: 'safeview_readonly',
        to: 'allow',
      }),
    ).toBe('rule 7: action changed from Isolate Read-Only to Allow');
    expect(changeText(EXC, { op: 'moved', path: 'list', key: 'a1b2', from: 0, to: 2 })).toBe(
      'rule moved from 1 to 3',
    );
  });

  test('removed rules count positions in the revision they left; lists say what was added and removed', () => {
    const known = { entries: { 'web/exceptions': { list: { r1: rule('r1', 'Partners') } } } };
    expect(
      changeText(EXC, { op: 'removed', path: 'list', key: 'r4', index: 1, item: rule('r4', 'Old rule') }),
    ).toBe('rule 2 “Old rule” removed');
    expect(
      changeText(
        EXC,
        {
          op: 'changed',
          path: 'list',
          key: 'r1',
          index: 0,
          field: 'conditions.domain',
          from: ['a.com', 'b.com'],
          to: ['a.com', 'c.com'],
        },
        known,
      ),
    ).toBe('rule “Partners”: domains “c.com” added; “b.com” removed');
    expect(
      changeText(
        EXC,
        { op: 'changed', path: 'list', key: 'r1', index: 0, field: 'enabled', from: true, to: false },
        known,
      ),
    ).toBe('rule “Partners” disabled');
    expect(
      changeText(
        EXC,
        {
          op: 'changed',
          path: 'list',
          key: 'r1',
          index: 0,
          field: 'name',
          from: 'Partners',
          to: 'Suppliers',
        },
        known,
      ),
    ).toBe('rule “Partners” renamed to “Suppliers”');
    expect(
      changeText(
        EXC,
        {
          op: 'changed',
          path: 'list',
          key: 'r1',
          index: 0,
          field: 'conditions.uri',
          from: null,
          to: [{ match: 'contains', value: '/login' }],
        },
        known,
      ),
    ).toBe('rule “Partners”: URLs contains “/login” added');
    expect(
      changeText(
        EXC,
        {
          op: 'changed',
          path: 'list',
          key: 'r1',
          index: 0,
          field: 'conditions.threats',
          from: ['malware'],
          to: ['malware', 'c&c'],
        },
        known,
      ),
    ).toBe('rule “Partners”: threats Command and Control added');
  });

  test('values of the document itself, switches and the bypass list', () => {
    expect(changeText({ kind: 'risks' }, { op: 'changed', path: 'flash', from: false, to: true })).toBe(
      'Flash blocking turned on',
    );
    expect(changeText(EXC, { op: 'changed', path: 'bypass', from: [], to: ['example.com'] })).toBe(
      'Bypass domains “example.com” added',
    );
    expect(
      changeText(
        { kind: 'bnb' },
        { op: 'changed', path: 'pre.unsupported_or_non_browsers', from: 'allow', to: 'safeview' },
      ),
    ).toBe('Unsupported and non-browser clients (checked first) changed from Allow to Isolate');
    expect(
      changeText({ kind: 'portal_note' }, { op: 'changed', path: 'note', from: '', to: 'Q4 review' }),
    ).toBe('Note set to “Q4 review”');
  });

  test('firewall rules use the firewall actions; bnb lists say which one; services and feeds their nouns', () => {
    expect(
      changeText(
        { kind: 'fwaas/rules' },
        {
          op: 'added',
          path: 'list',
          key: 'f1',
          index: 0,
          item: { id: 'f1', name: 'No telnet', action: 'drop' },
        },
      ),
    ).toBe('rule 1 “No telnet” added (Drop)');
    expect(
      changeText(
        { kind: 'bnb' },
        {
          op: 'added',
          path: 'post.list',
          key: 'b1',
          index: 1,
          item: { id: 'b1', name: 'Old IE', browser: 'internet_explorer', action: 'block' },
        },
      ),
    ).toBe('rule 2 “Old IE” (checked last) added (Block)');
    expect(
      changeText(
        { kind: 'fwaas/services' },
        { op: 'removed', path: 'list', key: 'ssh', index: 2, item: { id: 'ssh', name: 'SSH' } },
      ),
    ).toBe('service “SSH” removed');
    expect(
      changeText(
        { kind: 'fwaas/feeds' },
        { op: 'changed', path: 'list', key: 'x', index: 0, field: 'refresh_minutes', from: 60, to: 30 },
        { entries: { 'fwaas/feeds': { list: { x: { id: 'x', name: 'Spamhaus' } } } } },
      ),
    ).toBe('feed “Spamhaus”: refresh interval (minutes) changed from 60 to 30');
  });

  test('private access: access rules, applications, catalogs and clusters by their nouns; posture checks, sessions and references in words', () => {
    const ACCESS = { kind: 'mpa/access_rules' };
    const entries = {
      'mpa/access_rules': {
        access_rules: { r1: { id: 'r1', name: 'Engineers to Git' } },
        applications: { git: { id: 'git', name: 'Git' } },
      },
      'mpa/app_connector_clusters': { list: { fra: { id: 'fra', name: 'Frankfurt' } } },
    };
    expect(
      changeText(ACCESS, {
        op: 'added',
        path: 'access_rules',
        key: 'r1',
        index: 0,
        item: { id: 'r1', name: 'Engineers to Git', action: 'allow' },
      }),
    ).toBe('access rule 1 “Engineers to Git” added (Allow)');
    expect(
      changeText(ACCESS, { op: 'moved', path: 'access_rules', key: 'r1', from: 2, to: 0 }, { entries }),
    ).toBe('access rule “Engineers to Git” moved from 3 to 1');
    expect(
      changeText(ACCESS, {
        op: 'removed',
        path: 'applications',
        key: 'git',
        index: 1,
        item: { id: 'git', name: 'Git' },
      }),
    ).toBe('application “Git” removed');
    expect(
      changeText(
        ACCESS,
        {
          op: 'changed',
          path: 'access_rules',
          key: 'r1',
          index: 0,
          field: 'posture_checks',
          from: [],
          to: ['antivirus'],
        },
        { entries },
      ),
    ).toBe('access rule “Engineers to Git”: posture checks Antivirus running added');
    expect(
      changeText(
        ACCESS,
        {
          op: 'changed',
          path: 'access_rules',
          key: 'r1',
          index: 0,
          field: 'session',
          from: { mode: 'session' },
          to: { mode: 'time', duration: { value: 8, unit: 'hours' } },
        },
        { entries },
      ),
    ).toBe('access rule “Engineers to Git”: session changed from browser session to 8 hours');
    expect(
      changeText(
        ACCESS,
        {
          op: 'changed',
          path: 'access_rules',
          key: 'r1',
          index: 0,
          field: 'applications',
          from: ['git'],
          to: ['git', 'x9'],
        },
        { entries },
      ),
    ).toBe('access rule “Engineers to Git”: applications application x9 added');
    expect(
      changeText(
        ACCESS,
        {
          op: 'changed',
          path: 'applications',
          key: 'git',
          index: 0,
          field: 'cluster_id',
          from: 'fra',
          to: 'ore',
        },
        { entries },
      ),
    ).toBe('application “Git”: connector cluster changed from “Frankfurt” to cluster ore');
    expect(
      changeText(
        { kind: 'mpa/app_catalogs' },
        { op: 'added', path: 'list', key: 'c1', index: 0, item: { id: 'c1', name: 'Tools' } },
      ),
    ).toBe('catalog “Tools” added');
    expect(
      changeText(
        { kind: 'mpa/app_connector_clusters' },
        { op: 'removed', path: 'list', key: 'fra', index: 0, item: { id: 'fra', name: 'Frankfurt' } },
      ),
    ).toBe('cluster “Frankfurt” removed');
  });

  test('groups by kind under its title and leaves out kinds without changes', () => {
    const readable = diffText(
      diffOf([
        { kind: 'cats', title: 'Categories', changes: [] },
        {
          kind: 'risks',
          title: 'Risk levels',
          changes: [{ op: 'added', path: 'list', key: 'R', index: 2, item: { risk: 'R', action: 'block' } }],
        },
      ]),
    );
    expect(readable).toEqual([{ kind: 'risks', title: 'Risk levels', lines: ['Block for High added'] }]);
  });

  describe('content inspection kinds (issue 13)', () => {
    const inspectionRule = (extra: Record<string, unknown> = {}) =>
      rule('e1', 'Known installer', 'allow', { sha256: [], ...extra });

    test('inspection rules read with the inspection actions (Mark as Clean, Mark as Infected, Inspect)', () => {
      expect(
        changeText(
          { kind: 'inspection/exceptions' },
          { op: 'added', path: 'list', key: 'e1', index: 0, item: inspectionRule() },
        ),
      ).toBe('rule 1 “Known installer” added (Mark as Clean)');
      expect(
        changeText(
          { kind: 'inspection/exceptions' },
          { op: 'changed', path: 'list', key: 'e1', index: 0, field: 'action', from: 'allow', to: 'inspect' },
          { entries: { 'inspection/exceptions': { list: { e1: inspectionRule() } } } },
        ),
      ).toBe('rule “Known installer”: action changed from Mark as Clean to Inspect');
      expect(
        changeText(
          { kind: 'inspection/exceptions' },
          {
            op: 'changed',
            path: 'list',
            key: 'e1',
            index: 0,
            field: 'sha256',
            from: [],
            to: ['ab'.repeat(32)],
          },
          { entries: { 'inspection/exceptions': { list: { e1: inspectionRule() } } } },
        ),
      ).toBe('rule “Known installer”: hashes abababababab… added');
    });

    test('global exceptions say which list: before the policy (pre) or after it (post)', () => {
      expect(
        changeText(
          { kind: 'inspection/global_exceptions' },
          { op: 'added', path: 'pre', key: 'g1', index: 0, item: inspectionRule({ action: 'block' }) },
        ),
      ).toBe('rule 1 “Known installer” (before the policy) added (Mark as Infected)');
      expect(
        changeText(
          { kind: 'inspection/global_exceptions' },
          { op: 'moved', path: 'post', key: 'g1', from: 0, to: 2 },
          { entries: { 'inspection/global_exceptions': { post: { g1: inspectionRule() } } } },
        ),
      ).toBe('rule “Known installer” (after the policy) moved from 1 to 3');
    });

    test('the settings and runtime analysis read by their labels', () => {
      const lines = diffLines(
        diffOf([
          {
            kind: 'inspection',
            title: 'Content inspection',
            changes: [
              { op: 'changed', path: 'contentInspection.enabled', from: false, to: true },
              { op: 'changed', path: 'contentInspection.max_file_size_mb', from: 50, to: 120 },
              {
                op: 'changed',
                path: 'contentInspection.inspection_types',
                from: ['file', 'hash'],
                to: ['file', 'hash', 'document'],
              },
              { op: 'changed', path: 'contentInspection.timeout_action', from: 'allow', to: 'block' },
              { op: 'changed', path: 'contentInspection.direction', from: 'downloads', to: 'all' },
            ],
          },
          {
            kind: 'runtime_analysis',
            title: 'Runtime analysis',
            changes: [
              { op: 'changed', path: 'runtimeAnalysis.risk_level', from: 'disabled', to: 'custom' },
              { op: 'changed', path: 'runtimeAnalysis.custom_threshold', from: null, to: 70 },
            ],
          },
        ]),
      );
      expect(lines).toEqual([
        'Content inspection: File inspection turned on',
        'Content inspection: Largest file inspected (MB) changed from 50 to 120',
        'Content inspection: Inspect by Document added',
        'Content inspection: When no verdict came in time changed from Allow to Block',
        'Content inspection: Transfers inspected changed from downloads to all transfers',
        'Runtime analysis: Runtime analysis risk level changed from Disabled to Custom',
        'Runtime analysis: Runtime analysis score threshold set to 70',
      ]);
    });

    test('file types: extensions, content types by their shown names (ICS), document switches', () => {
      const v4 = { kind: 'v4/content' };
      const entries = {
        'v4/content': { list: { c1: rule('c1', 'Invitations') } },
        content: { list: { c1: rule('c1', 'PDFs') } },
        'v4/docs': { list: { d1: rule('d1', 'Office') } },
      };
      expect(
        changeText(
          v4,
          {
            op: 'changed',
            path: 'list',
            key: 'c1',
            index: 0,
            field: 'content_types',
            from: [{ name: 'Documents', entries: [] }],
            to: [
              { name: 'Documents', entries: [] },
              { name: 'iCalendar', entries: ['ics'] },
            ],
          },
          { entries },
        ),
      ).toBe('rule “Invitations”: content types ICS Meeting Invitation (ics) added');
      expect(
        changeText(
          { kind: 'content' },
          {
            op: 'changed',
            path: 'list',
            key: 'c1',
            index: 0,
            field: 'file_types',
            from: ['pdf'],
            to: ['pdf', 'docx'],
          },
          { entries },
        ),
      ).toBe('rule “PDFs”: file types .docx added');
      expect(
        changeText(
          { kind: 'v4/docs' },
          { op: 'changed', path: 'list', key: 'd1', index: 0, field: 'allow_print', from: true, to: false },
          { entries },
        ),
      ).toBe('rule “Office”: printing turned off');
      expect(
        changeText(
          { kind: 'v4/docs' },
          {
            op: 'changed',
            path: 'list',
            key: 'd1',
            index: 0,
            field: 'password_protected',
            from: 'prompt',
            to: 'block',
          },
          { entries },
        ),
      ).toBe('rule “Office”: password-protected documents changed from Ask for the password to Block');
    });
  });
});

describe('diffText: the DLP and customization kinds (issue 13)', () => {
  const dlpRule = (id: string, name: string, action: string) => ({
    id,
    name,
    enabled: true,
    conditions: {},
    direction: 'uploads',
    action,
    dictionaries: ['cards'],
    logic: 'or',
    auditors: [],
    resources: [],
    notify_user: true,
  });

  test('DLP rules read with the DLP actions (allow is Skip Inspection), by position and name', () => {
    const lines = diffLines(
      diffOf([
        {
          kind: 'dlp',
          title: 'DLP rules',
          changes: [
            {
              op: 'added',
              path: 'dlp.rules',
              key: 'r2',
              index: 1,
              item: dlpRule('r2', 'Cards out', 'block'),
            },
            { op: 'moved', path: 'dlp.rules', key: 'r1', from: 0, to: 1 },
            {
              op: 'changed',
              path: 'dlp.rules',
              key: 'r1',
              index: 1,
              field: 'action',
              from: 'log',
              to: 'allow',
            },
            {
              op: 'changed',
              path: 'dlp.rules',
              key: 'r1',
              index: 1,
              field: 'notify_user',
              from: true,
              to: false,
            },
          ],
        },
      ]),
      { entries: { dlp: { 'dlp.rules': { r1: dlpRule('r1', 'Payroll files', 'allow') } } } },
    );
    expect(lines).toEqual([
      'DLP rules: rule 2 “Cards out” added (Block)',
      'DLP rules: rule “Payroll files” moved from 1 to 2',
      'DLP rules: rule “Payroll files”: action changed from Log to Skip Inspection',
      'DLP rules: rule “Payroll files”: user notified turned off',
    ]);
  });

  test('groups, dictionaries, auditors and profiles by their own nouns; the attachment password never shows', () => {
    const lines = diffLines(
      diffOf([
        {
          kind: 'dlp_dicts',
          title: 'DLP dictionaries',
          changes: [
            { op: 'changed', path: 'overrides', key: 'cards', index: 0, field: 'threshold', from: 1, to: 3 },
          ],
        },
        {
          kind: 'dlp_auditors',
          title: 'DLP auditors',
          changes: [
            {
              op: 'changed',
              path: 'list',
              key: 'ciso',
              index: 0,
              field: 'notify_on',
              from: ['block'],
              to: ['block', 'allow'],
            },
          ],
        },
        {
          kind: 'dlp_groups',
          title: 'DLP groups',
          changes: [
            {
              op: 'removed',
              path: 'list',
              key: 'fin',
              index: 0,
              item: { id: 'fin', name: 'Finance', users: [], groups: [] },
            },
          ],
        },
        {
          kind: 'auditor_profiles/list',
          title: 'Auditor profiles',
          changes: [
            {
              op: 'added',
              path: 'list',
              key: 'sec',
              index: 0,
              item: { id: 'sec', name: 'Security', auditors: ['ciso'] },
            },
          ],
        },
        {
          kind: 'auditor_profiles/file_password',
          title: 'Attachment password',
          changes: [
            { op: 'changed', path: 'enabled', from: false, to: true },
            { op: 'changed', path: 'password', from: 'old-secret-1', to: 'new-secret-2' },
          ],
        },
      ]),
      {
        entries: {
          dlp_dicts: { overrides: { cards: { id: 'cards', name: 'Credit cards' } } },
          dlp_auditors: { list: { ciso: { id: 'ciso', name: 'CISO office' } } },
        },
      },
    );
    expect(lines).toEqual([
      'DLP dictionaries: dictionary “Credit cards”: threshold changed from 1 to 3',
      'DLP auditors: auditor “CISO office”: told of Skip Inspection added',
      'DLP groups: group “Finance” removed',
      'Auditor profiles: profile “Security” added',
      'Attachment password: Enabled turned on',
      'Attachment password: Password changed',
    ]);
    expect(lines.join('\n')).not.toMatch(/secret/);
  });

  test('notification pages are named by the page, whatever changed', () => {
    const lines = diffLines(
      diffOf([
        {
          kind: 'customization/web',
          title: 'Web notification pages',
          changes: [
            {
              op: 'added',
              path: 'list',
              key: 'block',
              index: 0,
              item: { page: 'block', enabled: true, title: 'Blocked', message: 'No.' },
            },
            {
              op: 'changed',
              path: 'list',
              key: 'warn',
              index: 1,
              field: 'title',
              from: 'Careful',
              to: 'Think twice',
            },
            {
              op: 'changed',
              path: 'list',
              key: 'warn',
              index: 1,
              field: 'contact_email',
              from: null,
              to: 'it@acme.example',
            },
          ],
        },
        {
          kind: 'customization/dlp',
          title: 'DLP notification pages',
          changes: [
            {
              op: 'changed',
              path: 'list',
              key: 'upload_blocked',
              index: 0,
              field: 'enabled',
              from: true,
              to: false,
            },
          ],
        },
      ]),
    );
    expect(lines).toEqual([
      'Web notification pages: Blocked page added',
      'Web notification pages: Warning page: title changed from “Careful” to “Think twice”',
      'Web notification pages: Warning page: contact address set to “it@acme.example”',
      'DLP notification pages: Blocked upload page disabled',
    ]);
  });
});
