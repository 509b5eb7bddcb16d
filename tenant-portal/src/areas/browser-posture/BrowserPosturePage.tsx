/**
 * The Browser Posture Manager (issue 36; docs/browser-posture.md): four tabs. Policies: the
 * tenant's browser config policies (upload a file, create or paste one, edit its settings with
 * typed controls, assess, export, delete). Catalogue: the setting definitions, filtered. Benchmarks:
 * the seeded baselines and their rules. Assessments: scores, their trend, the rules' results and
 * the review status. Loads and writes through the entity feature's requests (app/portalRequests.ts).
 */
import { useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { AreaPage } from '../AreaPage';
import { PoliciesTab } from './PoliciesTab';
import { CatalogueTab } from './CatalogueTab';
import { BenchmarksTab } from './BenchmarksTab';
import { AssessmentsTab } from './AssessmentsTab';
import { BRW_TEXTS } from './browserPostureTexts';

const TABS = ['policies', 'catalogue', 'benchmarks', 'assessments'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, string> = {
  policies: 'Policies',
  catalogue: 'Catalogue',
  benchmarks: 'Benchmarks',
  assessments: 'Assessments',
};

export function BrowserPosturePage() {
  const [tab, setTab] = useState<TabName>('policies');
  return (
    <AreaPage title={BRW_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {BRW_TEXTS.intro}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => setTab(v)}
          aria-label={BRW_TEXTS.title}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2 }}
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} data-testid={`${ids.tab}-${t}`} />
          ))}
        </Tabs>
        {tab === 'policies' && <PoliciesTab onAssessed={() => setTab('assessments')} />}
        {tab === 'catalogue' && <CatalogueTab />}
        {tab === 'benchmarks' && <BenchmarksTab />}
        {tab === 'assessments' && <AssessmentsTab />}
      </Box>
    </AreaPage>
  );
}

export default BrowserPosturePage;
