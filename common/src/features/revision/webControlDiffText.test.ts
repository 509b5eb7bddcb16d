import type { PolicyChange } from '../../api/contract/policy';
import { changeText } from './diffText';

/** The web-control kinds' changes (issue 13) as the publish bar reads them. */
const say = (kind: string, change: PolicyChange, entries = {}) => changeText({ kind }, change, { entries });

const scoped = (extra: Record<string, unknown>) => ({
  id: 'r1',
  name: 'Finance',
  enabled: true,
  conditions: { groups: ['finance'] },
  ...extra,
});

describe('diffText: copy/paste, watermark, forensics, bandwidth, global rules (issue 13)', () => {
  test('copy/paste defaults and rules', () => {
    expect(
      say('copy_paste', { op: 'changed', path: 'copy_paste_policy.paste', from: 'allow', to: 'block' }),
    ).toBe('Pasting from the device into isolated pages changed from Allow to Block');
    expect(
      say('copy_paste', { op: 'changed', path: 'copy_paste_policy.max_characters', from: 100000, to: 5000 }),
    ).toBe('Longest paste (characters) changed from 100000 to 5000');
    expect(
      say('copy_paste', {
        op: 'added',
        path: 'copy_paste_policy.rules',
        key: 'r1',
        index: 0,
        item: scoped({ copy: 'allow', paste: 'block' }),
      }),
    ).toBe('rule 1 “Finance” added');
    expect(
      say(
        'copy_paste',
        {
          op: 'changed',
          path: 'copy_paste_policy.rules',
          key: 'r1',
          index: 0,
          field: 'copy',
          from: 'allow',
          to: 'block',
        },
        { copy_paste: { 'copy_paste_policy.rules': { r1: scoped({ copy: 'block', paste: 'block' }) } } },
      ),
    ).toBe('rule “Finance”: copy changed from Allow to Block');
  });

  test('watermark look and switches', () => {
    expect(say('watermark', { op: 'changed', path: 'watermark.enabled', from: false, to: true })).toBe(
      'Watermark turned on',
    );
    expect(
      say('watermark', {
        op: 'changed',
        path: 'watermark.text',
        from: '{username} {date}',
        to: 'Confidential {username}',
      }),
    ).toBe('Watermark text changed from “{username} {date}” to “Confidential {username}”');
    expect(say('watermark', { op: 'changed', path: 'watermark.opacity', from: 15, to: 30 })).toBe(
      'Watermark opacity (%) changed from 15 to 30',
    );
    expect(say('bf/web', { op: 'changed', path: 'browsing_forensics.enabled', from: false, to: true })).toBe(
      'Recording of browsing sessions turned on',
    );
  });

  test('bandwidth rules name their limits and direction', () => {
    const known = {
      bandwidth: { 'bandwidth.rules': { r1: scoped({ direction: 'downloads', daily_quota_mb: 2048 }) } },
    };
    expect(
      say(
        'bandwidth',
        {
          op: 'changed',
          path: 'bandwidth.rules',
          key: 'r1',
          index: 0,
          field: 'daily_quota_mb',
          from: 1024,
          to: 2048,
        },
        known,
      ),
    ).toBe('rule “Finance”: daily quota (MB) changed from 1024 to 2048');
    expect(
      say(
        'bandwidth',
        {
          op: 'changed',
          path: 'bandwidth.rules',
          key: 'r1',
          index: 0,
          field: 'direction',
          from: 'all',
          to: 'downloads',
        },
        known,
      ),
    ).toBe('rule “Finance”: direction changed from all traffic to downloads');
    expect(
      say(
        'bandwidth',
        {
          op: 'changed',
          path: 'bandwidth.rules',
          key: 'r1',
          index: 0,
          field: 'limit_kbps',
          from: null,
          to: 512,
        },
        known,
      ),
    ).toBe('rule “Finance”: rate limit (kbit/s) set to 512');
  });

  test('global exceptions say which list', () => {
    expect(
      say('web/global_exceptions', {
        op: 'added',
        path: 'post',
        key: 'g1',
        index: 0,
        item: { id: 'g1', name: 'Block the rest', enabled: true, action: 'block', conditions: {} },
      }),
    ).toBe('rule 1 “Block the rest” (after the policy) added (Block)');
  });
});
