import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const HTTP_CLIENT_MESSAGE =
  "Components never hold the HTTP client: load and write through the entity feature (the app's useEntityRead / useEntityCall / useEntityPage), the report-query feature, or a saga of the feature.";

const FORMIK_BINDING_MESSAGE =
  'Bind a Formik field through policy/formFields.tsx (field, selectField, switchField, checkboxListField, choiceField, autocompleteField, errorOf), not by hand.';
/** What a hand-wired Formik binding reads (see the policy areas' block below). */
export const FORMIK_BINDING_RULES = [
  'MemberExpression[property.name=/^(handleChange|handleBlur|getFieldProps|touched|setFieldValue)$/]',
  "ObjectPattern > Property[key.name='setFieldValue']",
  "JSXOpeningElement[name.name=/^(TextField|Switch|Select|Checkbox)$/] > JSXAttribute[name.name=/^(value|checked)$/] MemberExpression[property.name='values']",
  "JSXOpeningElement[name.name=/^(TextField|Select)$/] > JSXAttribute[name.name=/^(error|helperText)$/] MemberExpression[property.name='errors']",
].map((selector) => ({ selector, message: FORMIK_BINDING_MESSAGE }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
      'coverage/**',
      '.stryker-tmp*/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Import boundaries (DESIGN.md, conventions 12): apps import common and charts only; charts
  // import nothing of ours; the server takes from common only the contract, vocabularies, validators, RBAC
  // rules, interval codes and feature-flag rules (what both sides of the wire must agree on). The report files
  // (server/src/reports) also draw the dashboards' charts on the server: they may import charts'
  // pure option builders (the package index) and common's byte formatting, so a PDF shows the
  // same chart and numbers as the page.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/src/reports/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@workbench/common(?!/(api/contract|vocabularies|validators)/|/features/rbac/permissions$|/features/interval/intervals$|/features/feature-flags/deriveFeatureFlags$)',
              message:
                'The server imports from common only api/contract/*, vocabularies/*, validators/*, features/rbac/permissions, features/interval/intervals and features/feature-flags/deriveFeatureFlags.',
            },
            {
              regex: '^(@workbench/charts|\\.\\.?/.*\\b(tenant-portal|provider-console|charts|common)/)',
              message: 'The server does not import the apps or charts, nor common by relative path.',
            },
          ],
        },
      ],
    },
  },
  // The server's policy tests also take the policy kinds' shared test data (common/testing), the
  // same examples the client's tests use: test data, not code the server runs.
  {
    files: ['server/src/policy/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@workbench/common(?!/(api/contract|vocabularies)/|/features/rbac/permissions$|/features/interval/intervals$|/features/feature-flags/deriveFeatureFlags$|/testing/policyKindExamples$)',
              message:
                'The server imports from common only api/contract/*, vocabularies/*, features/rbac/permissions, features/interval/intervals and features/feature-flags/deriveFeatureFlags (its policy tests also testing/policyKindExamples).',
            },
            {
              regex: '^(@workbench/charts|\\.\\.?/.*\\b(tenant-portal|provider-console|charts|common)/)',
              message: 'The server does not import the apps or charts, nor common by relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/reports/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@workbench/common(?!/(api/contract|vocabularies)/|/features/rbac/permissions$|/features/interval/intervals$|/features/feature-flags/deriveFeatureFlags$|/formatting/formatBytes$)',
              message:
                'The report files import from common only what the server does, and formatting/formatBytes.',
            },
            {
              regex:
                '^(@workbench/charts/(?!options/)|\\.\\.?/.*\\b(tenant-portal|provider-console|charts|common)/)',
              message:
                "The report files import the charts package's option builders (@workbench/charts/options/…) only: its index brings the KPI tile (React, MUI), and never the apps.",
            },
          ],
        },
      ],
    },
  },
  // The conformance suite (issue 30) is written from the spec's text, not from our code: its table
  // and shapes (conformance/) import nothing of ours, and its runner (server/src/conformance) takes
  // the test server but nothing of common, so a change to the contract cannot change what it expects.
  {
    files: ['conformance/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@workbench/|\\.\\.?/.*\\b(common|server|tenant-portal|provider-console|charts)/)',
              message: 'The conformance suite is written from the spec: it imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/conformance/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@workbench/|\\.\\.?/.*\\b(common|tenant-portal|provider-console|charts)/)',
              message:
                'The conformance runner takes the test server and the spec table (conformance/), never the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tenant-portal/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@workbench/(server|provider-console)|\\.\\.?/.*\\b(provider-console|server)/)',
              message: 'The tenant portal imports common and charts only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['provider-console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@workbench/(server|tenant-portal)|\\.\\.?/.*\\b(tenant-portal|server)/)',
              message: 'The provider console imports common and charts only.',
            },
          ],
        },
      ],
    },
  },
  // One way to load data (docs: common/README.md "src/features/entities"): no component holds the
  // HTTP client. Pages load and write through the entity feature (the app's typed hooks in
  // app/portalEntities.ts, app/consoleEntities.ts), the report-query feature, or a saga of their
  // feature. The client is imported only where those run: the features' sagas and adapters (entity
  // sources, the apps' request tables, reference loaders), the stores and the entry points that
  // create it, and the sign-in pages that run before any store (signInClient.ts, login-area/). The
  // same rule also keeps each app's import boundary above.
  {
    files: ['tenant-portal/src/**/*.{ts,tsx}', 'provider-console/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      '**/*Saga.ts',
      '**/*Source.ts',
      '**/*Sources.ts',
      '**/app/*Requests.ts',
      '**/app/*Store.ts',
      'tenant-portal/src/app/portalFeatures.ts',
      '**/src/main.tsx',
      '**/src/start*.tsx',
      '**/login/signInClient.ts',
      'tenant-portal/src/login-area/**',
      'provider-console/src/entities/referenceLists.ts',
      'provider-console/src/deployments/nodeActions.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@workbench/common',
              importNames: ['createHttpClient', 'createAppStore', 'createWorldStore'],
              message: HTTP_CLIENT_MESSAGE,
            },
          ],
          patterns: [
            {
              regex: '^@workbench/common/api/http$',
              message: HTTP_CLIENT_MESSAGE,
            },
            {
              regex: '^(@workbench/(server|provider-console)|\\.\\.?/.*\\b(provider-console|server)/)',
              message: 'The tenant portal imports common and charts only.',
            },
            {
              regex: '^(@workbench/(server|tenant-portal)|\\.\\.?/.*\\b(tenant-portal|server)/)',
              message: 'The provider console imports common and charts only.',
            },
          ],
        },
      ],
    },
  },
  // Every Formik field of the policy editors is bound through policy/formFields.tsx (its `field`,
  // `selectField`, `switchField`, `checkboxListField`, `choiceField`, `autocompleteField`,
  // `errorOf`; tenant-portal/src/areas/policy/kit/README.md): when a field's error shows, its test
  // id and the save-as-edited commit live there once. Outside it and the kit, no control takes
  // Formik's handlers, its touched state, `setFieldValue` (pickers and lists of rows set their value
  // through `choiceField`), a value read from `values` or an error read from `errors`. Reading
  // values for logic (which fields to show) stays allowed.
  {
    files: ['tenant-portal/src/areas/{policy,fwaas,private-access,customization}/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'tenant-portal/src/areas/policy/formFields.tsx',
      'tenant-portal/src/areas/policy/kit/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...FORMIK_BINDING_RULES],
    },
  },
  // common may import charts (which imports nothing of ours: no cycle): the report dashboard
  // draws with its builders. Never the apps or the server.
  {
    files: ['common/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(@workbench/(server|tenant-portal|provider-console)|\\.\\.?/.*\\b(tenant-portal|provider-console|server)/)',
              message: 'common imports charts only of our packages, never the apps or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['charts/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@workbench/|\\.\\.?/.*\\b(common|tenant-portal|provider-console|server)/)',
              message: 'charts imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
);
