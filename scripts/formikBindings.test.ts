/**
 * The lint rule that keeps the policy editors' Formik fields on policy/formFields.tsx
 * (eslint.config.mjs, FORMIK_BINDING_RULES): it fires on each way of wiring a field by hand, in
 * the policy, firewall, private-access and customization areas (a picker's `setFieldValue`
 * included), and not on the bindings, on reads of values for logic, nor in formFields.tsx and
 * the kit themselves.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/**
 * Lints each source as each file in one eslint process (ESLint's API in a child: the flat config
 * is an ES module, which jest's sandbox cannot import); one process per check cost ~2 s each.
 */
function lintAll(cases: readonly { file: string; source: string }[]): number[][] {
  const script = `
    const { ESLint } = require('eslint');
    (async () => {
      const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const { file, source } of cases) {
        const [result] = await eslint.lintText(source, { filePath: file });
        out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line));
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  const out = execFileSync(process.execPath, ['-e', script], {
    cwd: ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(out) as number[][];
}

const HAND_WIRED = `import { Switch, TextField } from '@mui/material';
import type { FormikProps } from 'formik';

export function Fields({ form }: { form: FormikProps<{ name: string; on: boolean }> }) {
  return (
    <>
      <TextField
        name="name"
        value={form.values.name}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(form.touched.name)}
        helperText={form.errors.name}
      />
      <Switch checked={form.values.on} />
      <input {...form.getFieldProps('name')} />
    </>
  );
}
`;

const BOUND = `import { TextField } from '@mui/material';
import type { FormikProps } from 'formik';
import { formFields, messageAsIs } from '../formFields';

export function Fields({ form }: { form: FormikProps<{ name: string; on: boolean }> }) {
  const { field, switchField } = formFields(form, { readOnly: false, message: messageAsIs });
  return (
    <>
      <TextField {...field('name', 'Name')} />
      {form.values.on && switchField('on', 'On')}
    </>
  );
}
`;

test('a field wired to Formik by hand is refused in the policy areas, each way once', () => {
  // value, onChange, onBlur, touched, errors, checked, getFieldProps
  expect(findings('tenant-portal/src/areas/policy/web/Fixture.tsx', HAND_WIRED)).toEqual([
    9, 10, 11, 12, 13, 15, 16,
  ]);
  for (const area of ['fwaas', 'private-access', 'customization'])
    expect(findings(`tenant-portal/src/areas/${area}/Fixture.tsx`, HAND_WIRED)).toHaveLength(7);
  // No file of those areas is left out (the e-mail settings were, until formFields committed text at change).
  expect(findings('tenant-portal/src/areas/policy/email/SettingsSection.tsx', HAND_WIRED)).toHaveLength(7);
});

const CHECKBOX_LIST = `import { Checkbox } from '@mui/material';
import type { FormikProps } from 'formik';

export function Days({ form }: { form: FormikProps<{ days: number[] }> }) {
  return <Checkbox checked={form.values.days.includes(1)} />;
}
`;

test('a checkbox ticked from values is refused: lists of checkboxes are bound by checkboxListField', () => {
  expect(findings('tenant-portal/src/areas/policy/web/Fixture.tsx', CHECKBOX_LIST)).toEqual([5]);
  expect(findings('tenant-portal/src/areas/private-access/Fixture.tsx', CHECKBOX_LIST)).toEqual([5]);
});

const PICKER_SET_BY_HAND = `import { Autocomplete, TextField } from '@mui/material';
import type { FormikProps } from 'formik';

export function Countries({ form }: { form: FormikProps<{ countries: string[] }> }) {
  const { setFieldValue } = form;
  return (
    <Autocomplete
      multiple
      options={['DE', 'FR']}
      onChange={(_e, next) => void form.setFieldValue('countries', next)}
      onBlur={() => void setFieldValue('countries', [])}
      renderInput={(params) => <TextField {...params} />}
    />
  );
}
`;

const PICKER_BOUND = `import { Autocomplete, TextField } from '@mui/material';
import type { FormikProps } from 'formik';
import { formFields, messageAsIs } from '../formFields';

export function Countries({ form }: { form: FormikProps<{ countries: string[] }> }) {
  const { autocompleteField } = formFields(form, { readOnly: false, message: messageAsIs });
  return (
    <Autocomplete
      multiple
      {...autocompleteField<string[]>('countries')}
      options={['DE', 'FR']}
      renderInput={(params) => <TextField {...params} />}
    />
  );
}
`;

test('a picker that sets its value by hand is refused: pickers bind through choiceField or autocompleteField', () => {
  // form.setFieldValue, and setFieldValue taken out of the form
  expect(findings('tenant-portal/src/areas/policy/web/Fixture.tsx', PICKER_SET_BY_HAND)).toEqual([5, 10]);
  for (const area of ['fwaas', 'private-access', 'customization'])
    expect(findings(`tenant-portal/src/areas/${area}/Fixture.tsx`, PICKER_SET_BY_HAND)).toHaveLength(2);
  expect(findings('tenant-portal/src/areas/policy/web/Fixture.tsx', PICKER_BOUND)).toEqual([]);
  expect(findings('tenant-portal/src/areas/policy/formFields.tsx', PICKER_SET_BY_HAND)).toEqual([]);
  expect(findings('tenant-portal/src/areas/policy/kit/Fixture.tsx', PICKER_SET_BY_HAND)).toEqual([]);
});

test('fields bound through formFields pass, and formFields itself and other areas are not held to it', () => {
  expect(findings('tenant-portal/src/areas/policy/web/Fixture.tsx', BOUND)).toEqual([]);
  expect(findings('tenant-portal/src/areas/policy/formFields.tsx', HAND_WIRED)).toEqual([]);
  expect(findings('tenant-portal/src/areas/reports/Fixture.tsx', HAND_WIRED)).toEqual([]);
});

/** Where the tests put the fixtures (the rule applies by path): each is linted as each of these. */
const FILES = [
  'tenant-portal/src/areas/policy/web/Fixture.tsx',
  'tenant-portal/src/areas/fwaas/Fixture.tsx',
  'tenant-portal/src/areas/private-access/Fixture.tsx',
  'tenant-portal/src/areas/customization/Fixture.tsx',
  'tenant-portal/src/areas/policy/email/SettingsSection.tsx',
  'tenant-portal/src/areas/policy/formFields.tsx',
  'tenant-portal/src/areas/policy/kit/Fixture.tsx',
  'tenant-portal/src/areas/reports/Fixture.tsx',
];
let linted: Map<string, number[]> | null = null;

/** The rule's findings (line numbers) for a fixture given as the file `file` (all linted at once). */
function findings(file: string, source: string): number[] {
  if (!linted) {
    const sources = [HAND_WIRED, BOUND, CHECKBOX_LIST, PICKER_SET_BY_HAND, PICKER_BOUND];
    const cases = FILES.flatMap((f) => sources.map((s) => ({ file: f, source: s })));
    const results = lintAll(cases);
    linted = new Map(cases.map((c, i) => [`${c.file}\n${c.source}`, results[i]]));
  }
  const found = linted.get(`${file}\n${source}`);
  if (!found) throw new Error(`${file} is not in FILES, or its source is not one of the fixtures.`);
  return found;
}
