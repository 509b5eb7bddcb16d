import { configTypeLabel, filterMenuLabel, FILTER_MENU_LABELS } from './sharedUiMaps';

describe('Filter menu map (key to label), docs/glossary.md §4', () => {
  it.each([
    ['management_station', 'Central Manager'],
    ['safemail', 'Email Processor'],
    ['safemail_worker', 'Attachment Worker'],
    ['safeview_proxy', 'Isolation Master'],
    ['safeview_isolation', 'Isolation Worker'],
    ['safeview', 'Isolation Standalone'],
  ])('%s = %s', (key, label) => expect(filterMenuLabel(key)).toBe(label));
  it.each(['', 'safeview_other', 'SAFEVIEW', 'toString'])("anything else (%j) = 'Unknown'", (key) =>
    expect(filterMenuLabel(key)).toBe('Unknown'),
  );
  it('lists the six roles in the spec’s order', () =>
    expect(FILTER_MENU_LABELS.map((entry) => entry.code)).toEqual([
      'management_station',
      'safemail',
      'safemail_worker',
      'safeview_proxy',
      'safeview_isolation',
      'safeview',
    ]));
});

describe('Config type mapping, docs/glossary.md §4', () => {
  it.each([
    ['image_download', 'Download'],
    ['upgrade_image', 'Install'],
    ['rollback_image', 'Rollback'],
  ])('%s = %s', (type, label) => expect(configTypeLabel(type)).toBe(label));
  it('shows an unknown type as itself', () => expect(configTypeLabel('factory_reset')).toBe('factory_reset'));
});
