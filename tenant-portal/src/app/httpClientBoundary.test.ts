/**
 * The lint rule that keeps one way to load data (eslint.config.mjs): a component of either app
 * that imports the HTTP client is an error; the places where the features run may import it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** ESLint's restricted-import messages for each source at its path (one ESLint process for all). */
function restrictedImports(cases: readonly (readonly [file: string, source: string])[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    Promise.all(cases.map(([filePath, source]) => eslint.lintText(source, { filePath }))).then((results) =>
      process.stdout.write(JSON.stringify(results.map(([r]) =>
        r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)))));
  `;
  const run = spawnSync(process.execPath, ['-e', script, JSON.stringify(cases)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

const CLIENT =
  "import { createHttpClient } from '@workbench/common/api/http';\nexport const x = createHttpClient;\n";
const FROM_INDEX =
  "import { createHttpClient } from '@workbench/common';\nexport const x = createHttpClient;\n";
const refused = [expect.stringContaining('Components never hold the HTTP client')];

test('no component imports the HTTP client; the features’ sagas, sources and request tables may', () => {
  const [portalClient, portalIndex, consoleClient, saga, requests, sources, boundary] = restrictedImports([
    ['tenant-portal/src/areas/logs/Example.tsx', CLIENT],
    ['tenant-portal/src/shell/useExample.ts', FROM_INDEX],
    ['provider-console/src/tenants/Example.tsx', CLIENT],
    ['tenant-portal/src/areas/logs/exampleSaga.ts', CLIENT],
    ['provider-console/src/app/consoleRequests.ts', CLIENT],
    ['tenant-portal/src/areas/reports/exampleSources.ts', CLIENT],
    ['provider-console/src/tenants/Example.tsx', "import '../../../tenant-portal/src/x';\n"],
  ]);
  expect(portalClient).toEqual(refused);
  expect(portalIndex).toEqual(refused);
  expect(consoleClient).toEqual(refused);
  expect(saga).toEqual([]);
  expect(requests).toEqual([]);
  expect(sources).toEqual([]);
  // The same rule keeps the app's import boundary.
  expect(boundary).toEqual([expect.stringContaining('The provider console imports common and charts only.')]);
});

/**
 * The files that were exempt: the policy editors, which took the client from an http context until
 * they loaded by request name, and the app's root, which provided that context.
 */
const FORMER_EXEMPTIONS = [
  'tenant-portal/src/app/TenantPortalApp.tsx',
  'tenant-portal/src/areas/policy/casb/DomainListsSection.tsx',
  'tenant-portal/src/areas/policy/casb/useCloudApps.ts',
  'tenant-portal/src/areas/policy/casb/AppDiscoverySection.tsx',
  'tenant-portal/src/areas/policy/dlp/DlpListSections.tsx',
  'tenant-portal/src/areas/policy/email/UceDialog.tsx',
  'tenant-portal/src/areas/policy/email/AllowListSection.tsx',
  'tenant-portal/src/areas/policy/egress/EgressPolicyPage.tsx',
];

test('the policy editors and the app root hold no HTTP client either: none of them is exempt', () => {
  expect(restrictedImports(FORMER_EXEMPTIONS.map((file) => [file, CLIENT] as const))).toEqual(
    FORMER_EXEMPTIONS.map(() => refused),
  );
});
