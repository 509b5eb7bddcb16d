/** diffText for the cloud-app and egress-header kinds (issue 13): their entries read by name and noun. */
import type { PolicyChange, PolicyDiff } from '../../api/contract/policy';
import { diffLines } from './diffText';

const diffOf = (kinds: Array<{ kind: string; title: string; changes: PolicyChange[] }>): PolicyDiff => ({
  from: 4,
  to: 5,
  kinds,
});

const appRule = {
  id: 'r1',
  name: 'Block uploads to storage',
  enabled: true,
  conditions: {},
  profile_id: 'p1',
  activities: ['upload'],
  action: 'block',
};

test('app rules: numbered (ordered), actions by label, activities and profile by name of field', () => {
  expect(
    diffLines(
      diffOf([
        {
          kind: 'casb/app_rules',
          title: 'Cloud app rules',
          changes: [
            { op: 'added', path: 'appRules', key: 'r1', index: 0, item: appRule },
            { op: 'moved', path: 'appRules', key: 'r2', from: 0, to: 1 },
            {
              op: 'changed',
              path: 'appRules',
              key: 'r1',
              index: 0,
              field: 'action',
              from: 'block',
              to: 'safeview_readonly',
            },
            {
              op: 'changed',
              path: 'appRules',
              key: 'r1',
              index: 0,
              field: 'activities',
              from: ['upload'],
              to: ['upload', 'share'],
            },
            {
              op: 'changed',
              path: 'appRules',
              key: 'r1',
              index: 0,
              field: 'profile_id',
              from: 'p1',
              to: 'p2',
            },
          ],
        },
      ]),
      {
        entries: {
          'casb/app_rules': { appRules: { r1: appRule, r2: { ...appRule, id: 'r2', name: 'Allow Box' } } },
        },
      },
    ),
  ).toEqual([
    'Cloud app rules: app rule 1 “Block uploads to storage” added (Block)',
    'Cloud app rules: app rule “Allow Box” moved from 1 to 2',
    'Cloud app rules: app rule “Block uploads to storage”: action changed from Block to Isolate Read-Only',
    'Cloud app rules: app rule “Block uploads to storage”: activities “share” added',
    'Cloud app rules: app rule “Block uploads to storage”: profile changed from “p1” to “p2”',
  ]);
});

test('profiles and domain lists (one document, two nouns), app links, discovery, egress header rules', () => {
  expect(
    diffLines(
      diffOf([
        {
          kind: 'casb/profiles',
          title: 'Cloud app profiles',
          changes: [
            {
              op: 'added',
              path: 'profiles.list',
              key: 'p1',
              index: 0,
              item: { id: 'p1', name: 'Storage', type: 'sanctioned', apps: ['box'], tenant_restrictions: [] },
            },
            {
              op: 'added',
              path: 'domain_lists',
              key: 'l1',
              index: 0,
              item: { id: 'l1', name: 'File sharing', domains: ['sendspace.com'] },
            },
          ],
        },
        {
          kind: 'profiles/app_links',
          title: 'Cloud app links',
          changes: [
            {
              op: 'removed',
              path: 'list',
              key: 'k1',
              index: 0,
              item: { id: 'k1', name: 'Our Box', app_id: 'box', domains: ['box.acme.example'] },
            },
          ],
        },
        {
          kind: 'casb/app_discovery',
          title: 'Cloud app discovery',
          changes: [
            { op: 'changed', path: 'app_discovery.enabled', from: true, to: false },
            { op: 'changed', path: 'app_discovery.hidden_apps', from: [], to: ['zoom'] },
          ],
        },
        {
          kind: 'egress_policy',
          title: 'Egress headers',
          changes: [
            {
              op: 'changed',
              path: 'egress_policy.rules',
              key: 'e1',
              index: 0,
              field: 'enabled',
              from: true,
              to: false,
            },
          ],
        },
      ]),
      {
        entries: {
          egress_policy: { 'egress_policy.rules': { e1: { id: 'e1', name: 'Tenant restrictions' } } },
        },
      },
    ),
  ).toEqual([
    'Cloud app profiles: profile “Storage” added',
    'Cloud app profiles: domain list “File sharing” added',
    'Cloud app links: app link “Our Box” removed',
    'Cloud app discovery: App discovery turned off',
    'Cloud app discovery: Hidden apps “zoom” added',
    'Egress headers: header rule “Tenant restrictions” disabled',
  ]);
});
