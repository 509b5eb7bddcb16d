/**
 * The e-mail kinds' changes read as sentences in the publish bar's review (issue 13): the settings
 * by name, allow-list entries by their sender, link classes and scanning engines by their code,
 * each list's entries by the noun of that list, codes by their labels. The changes are shaped as
 * the server's diff (policyDiff.ts) reports them.
 */
import type { PolicyChange, PolicyDiff } from '../../api/contract/policy';
import { diffLines } from './diffText';

const diff = (kinds: Array<{ kind: string; changes: PolicyChange[] }>): PolicyDiff => ({
  from: 4,
  to: 5,
  kinds: kinds.map((k) => ({ ...k, title: '' })),
});

describe('diffText: the e-mail kinds (issue 13)', () => {
  test('settings, allow list, phishing targets', () => {
    expect(
      diffLines(
        diff([
          {
            kind: 'safemail/config',
            changes: [
              { op: 'changed', path: 'config.rewrite_links', from: true, to: false },
              { op: 'changed', path: 'config.link_expiry_days', from: 365, to: 90 },
              { op: 'changed', path: 'quarantine_spec.enabled', from: false, to: true },
              { op: 'changed', path: 'quarantine_spec.digest_frequency_ms', from: 86400000, to: 3600000 },
              { op: 'changed', path: 'quarantine_spec.release_by', from: 'admin', to: 'recipient' },
              { op: 'changed', path: 'safemail_url_obfuscation.enabled', from: false, to: true },
            ],
          },
          {
            kind: 'safemail/whitelist',
            changes: [
              {
                op: 'added',
                path: 'list',
                key: 'a1',
                index: 0,
                item: { id: 'a1', type: 'domain', value: 'partner.example' },
              },
              {
                op: 'removed',
                path: 'list',
                key: 'a0',
                index: 1,
                item: { id: 'a0', type: 'email', value: 'ceo@supplier.example' },
              },
            ],
          },
          {
            kind: 'safemail/phish_targets',
            changes: [
              {
                op: 'added',
                path: 'list',
                key: 't1',
                index: 0,
                item: { id: 't1', email: 'cfo@acme.example', name: 'Chief Financial Officer' },
              },
            ],
          },
        ]),
      ),
    ).toEqual([
      'Email settings: Link rewriting turned off',
      'Email settings: Rewritten links expire after (days) changed from 365 to 90',
      'Email settings: Quarantine turned on',
      'Email settings: Quarantine digest every changed from 1 day to 1 hour',
      'Email settings: Quarantine released by changed from Administrators only to The recipient',
      'Email settings: Link obfuscation turned on',
      'Email allow list: allowed sender “partner.example” added',
      'Email allow list: allowed sender “ceo@supplier.example” removed',
      'Phishing targets: phishing target “Chief Financial Officer” added',
    ]);
  });

  test('link isolation and mobile: classes by code, ordered rules by position and name', () => {
    const finance = {
      id: 'r2',
      name: 'Finance opens every link isolated',
      enabled: true,
      senders: [],
      recipients: ['ap@acme.example'],
      categories: [],
      action: 'safeview',
    };
    expect(
      diffLines(
        diff([
          {
            kind: 'safemail/isolation',
            changes: [
              {
                op: 'changed',
                path: 'safemail_classification',
                key: 'phishing',
                index: 4,
                field: 'action',
                from: 'block',
                to: 'safeview',
              },
              { op: 'moved', path: 'list', key: 'r2', from: 1, to: 0 },
              {
                op: 'changed',
                path: 'list',
                key: 'r2',
                index: 0,
                field: 'recipients',
                from: [],
                to: ['ap@acme.example'],
              },
            ],
          },
          {
            kind: 'safemail/mobile',
            changes: [
              {
                op: 'added',
                path: 'list',
                key: 'm1',
                index: 0,
                item: {
                  id: 'm1',
                  name: 'Phones open links isolated',
                  enabled: true,
                  platforms: ['ios'],
                  senders: [],
                  action: 'safeview',
                },
              },
              {
                op: 'changed',
                path: 'list',
                key: 'm0',
                index: 1,
                field: 'platforms',
                from: ['ios'],
                to: ['ios', 'android'],
              },
            ],
          },
        ]),
        {
          entries: {
            'safemail/isolation': { list: { r2: finance } },
            'safemail/mobile': { list: { m0: { id: 'm0', name: 'Vendor portal direct' } } },
          },
        },
      ),
    ).toEqual([
      'Email link isolation: links classified phishing: action changed from Block to Isolate',
      'Email link isolation: rule “Finance opens every link isolated” moved from 2 to 1',
      'Email link isolation: rule “Finance opens every link isolated”: recipients “ap@acme.example” added',
      'Email on mobile devices: rule 1 “Phones open links isolated” added (Isolate)',
      'Email on mobile devices: rule “Vendor portal direct”: platforms Android added',
    ]);
  });

  test('smtp users and attachments: each list by its own noun', () => {
    expect(
      diffLines(
        diff([
          {
            kind: 'safemail/smtp_users',
            changes: [
              {
                op: 'added',
                path: 'usersLists',
                key: 'u1',
                index: 0,
                item: { id: 'u1', name: 'Finance', users: ['ap@acme.example'] },
              },
              {
                op: 'removed',
                path: 'identitySourceLists',
                key: 's1',
                index: 0,
                item: { id: 's1', name: 'Corporate directory', type: 'azure_ad', domains: ['acme.example'] },
              },
            ],
          },
          {
            kind: 'smtp/attachments',
            changes: [
              {
                op: 'changed',
                path: 'plugins',
                key: 'antivirus',
                index: 0,
                field: 'enabled',
                from: true,
                to: false,
              },
              {
                op: 'changed',
                path: 'plugins',
                key: 'sandbox',
                index: 1,
                field: 'action_on_detection',
                from: 'block',
                to: 'remove',
              },
              {
                op: 'changed',
                path: 'groups',
                key: 'documents',
                index: 0,
                field: 'content_types',
                from: ['pdf'],
                to: ['pdf', 'office'],
              },
              {
                op: 'added',
                path: 'content_types',
                key: 'ics',
                index: 4,
                item: { id: 'ics', name: 'Calendar invitations', extensions: ['ics'], mime_types: [] },
              },
            ],
          },
        ]),
        {
          entries: { 'smtp/attachments': { groups: { documents: { id: 'documents', name: 'Documents' } } } },
        },
      ),
    ).toEqual([
      'SMTP users: users list “Finance” added',
      'SMTP users: identity source “Corporate directory” removed',
      'Email attachments: scanning engine antivirus disabled',
      'Email attachments: scanning engine sandbox: action on detection changed from Block the message to Remove the attachment',
      'Email attachments: attachment group “Documents”: content types “office” added',
      'Email attachments: content type “Calendar invitations” added',
    ]);
  });
});
