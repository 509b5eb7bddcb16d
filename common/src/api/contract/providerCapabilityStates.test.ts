import { PASS_THROUGH_FEATURE_DEFAULTS } from '../../features/feature-flags/deriveFeatureFlags';
import {
  CAPABILITY_SCHEMA_STATES,
  capabilitiesInEffect,
  capabilityOn,
  expiredCapabilities,
  schemaStateOf,
} from './providerCapabilityStates';

test('every pass-through feature flag has a state that agrees with its default (ga on, controlled off)', () => {
  for (const [name, dflt] of Object.entries(PASS_THROUGH_FEATURE_DEFAULTS)) {
    const state = schemaStateOf(name);
    expect([name, state === undefined]).toEqual([name, false]);
    if (state === 'ga' || state === 'controlled')
      expect([name, state]).toEqual([name, dflt ? 'ga' : 'controlled']);
  }
  for (const [name, def] of Object.entries(CAPABILITY_SCHEMA_STATES))
    if (def.state === 'deprecated' || def.state === 'obsolete')
      expect([name, 'note' in def]).toEqual([name, true]);
});

test('in effect: the expired (after their day, UTC) and the obsolete ones are left out', () => {
  const validity = [
    { capability: 'fwaas', valid_until: '2026-11-21' },
    { capability: 'dlp', valid_until: '2026-11-22' },
    { capability: 'casb', valid_until: '' },
  ];
  const now = new Date('2026-11-22T23:59:00Z');
  expect(expiredCapabilities(validity, now)).toEqual(['fwaas']);
  expect(
    capabilitiesInEffect({ fwaas: true, dlp: true, casb: true, flash: true, custom_x: 3 }, validity, now),
  ).toEqual({ dlp: true, casb: true, custom_x: 3 });
  expect([true, 1, 'x', { enabled: true }, { heat: true }].map(capabilityOn)).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  expect([false, 0, '', 'false', null, { enabled: false }].map(capabilityOn)).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
});
