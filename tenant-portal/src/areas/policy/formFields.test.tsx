// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { formFields, messageAsIs } from './formFields';

interface Values {
  name: string;
  size: string;
  on: boolean | undefined;
}

function Form({
  initial = { name: 'a', size: 's', on: false },
  onCommit,
  live,
}: {
  initial?: Values;
  onCommit?: (v: Values) => void;
  live?: boolean;
}) {
  return (
    <Formik<Values>
      initialValues={initial}
      validate={(v) => (v.name.length > 3 ? { name: 'Too long.' } : {})}
      onSubmit={() => undefined}
    >
      {(form) => {
        const { field, selectField, switchField } = formFields(form, {
          readOnly: false,
          testIdPrefix: 'f',
          testIds: { size: 'the-size' },
          message: messageAsIs,
          onCommit,
          live,
        });
        return (
          <>
            <TextField {...field('name', 'Name')} />
            <TextField {...selectField('size', 'Size')}>
              <MenuItem value="s">Small</MenuItem>
              <MenuItem value="l">Large</MenuItem>
            </TextField>
            {switchField('on', 'On')}
          </>
        );
      }}
    </Formik>
  );
}

test('a field takes its test id by name, or the one given for it', () => {
  render(<Form />);
  expect(screen.getByTestId('f-name')).toHaveValue('a');
  expect(screen.getByTestId('the-size')).toHaveValue('s');
  expect(screen.getByTestId('f-on')).not.toBeChecked();
});

test('onCommit: a switch and a select commit when changed, a text field when it is left', async () => {
  const commits: Values[] = [];
  render(<Form onCommit={(v) => commits.push(v)} />);
  await userEvent.click(screen.getByTestId('f-on'));
  expect(commits).toEqual([{ name: 'a', size: 's', on: true }]);

  await userEvent.click(screen.getByRole('combobox', { name: 'Size' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Large' }));
  expect(commits.at(-1)).toEqual({ name: 'a', size: 'l', on: true });

  const count = commits.length;
  await userEvent.type(screen.getByTestId('f-name'), 'bc');
  expect(commits).toHaveLength(count);
  fireEvent.blur(screen.getByTestId('f-name'));
  await waitFor(() => expect(commits.at(-1)).toEqual({ name: 'abc', size: 'l', on: true }));
});

test('a switch over a field that held no boolean stores a boolean', async () => {
  const commits: Values[] = [];
  render(<Form initial={{ name: 'a', size: 's', on: undefined }} onCommit={(v) => commits.push(v)} />);
  await userEvent.click(screen.getByTestId('f-on'));
  await userEvent.click(screen.getByTestId('f-on'));
  expect(screen.getByTestId('f-on')).not.toBeChecked();
  expect(commits.map((v) => v.on)).toEqual([true, false]);
});

test('an error shows once the field is left, or as soon as it changed where the form is live', async () => {
  const { unmount } = render(<Form />);
  await userEvent.type(screen.getByTestId('f-name'), 'bcd');
  expect(screen.queryByText('Too long.')).not.toBeInTheDocument();
  fireEvent.blur(screen.getByTestId('f-name'));
  expect(await screen.findByText('Too long.')).toBeInTheDocument();
  unmount();

  render(<Form live />);
  await userEvent.type(screen.getByTestId('f-name'), 'bcd');
  expect(await screen.findByText('Too long.')).toBeInTheDocument();
});

interface Settings {
  own: { days: string };
  every: number;
  on: boolean;
  more: boolean;
}

/** A form saved at each keystroke (the e-mail settings): text commits at change, a select of numbers. */
function TypedForm({ onCommit }: { onCommit: (v: Settings) => void }) {
  return (
    <Formik<Settings>
      initialValues={{ own: { days: '1' }, every: 60, on: false, more: false }}
      onSubmit={() => undefined}
    >
      {(form) => {
        const { field, selectField, switchField } = formFields(form, {
          readOnly: false,
          testIdPrefix: 'f',
          message: messageAsIs,
          onCommit,
          commitText: 'change',
          live: true,
        });
        return (
          <>
            <TextField {...field('own.days', 'Days')} />
            <TextField {...selectField('every', 'Every')}>
              <MenuItem value={60}>A minute</MenuItem>
              <MenuItem value={3600}>An hour</MenuItem>
            </TextField>
            {switchField('on', 'On')}
            {switchField('more', 'More', undefined, !form.values.on)}
          </>
        );
      }}
    </Formik>
  );
}

test("commitText 'change': a text field (by dotted path) commits at each keystroke, not again when left", async () => {
  const commits: Settings[] = [];
  render(<TypedForm onCommit={(v) => commits.push(v)} />);
  await userEvent.type(screen.getByTestId('f-own.days'), '23');
  expect(commits.map((v) => v.own.days)).toEqual(['12', '123']);
  await userEvent.tab();
  expect(commits).toHaveLength(2);
});

test('a select whose options are numbers stores a number', async () => {
  const commits: Settings[] = [];
  render(<TypedForm onCommit={(v) => commits.push(v)} />);
  await userEvent.click(screen.getByRole('combobox', { name: 'Every' }));
  await userEvent.click(await screen.findByRole('option', { name: 'An hour' }));
  expect(commits.at(-1)?.every).toBe(3600);
});

test('a switch given as disabled is off for writers until it means something', async () => {
  render(<TypedForm onCommit={() => undefined} />);
  expect(screen.getByTestId('f-more')).toBeDisabled();
  await userEvent.click(screen.getByTestId('f-on'));
  expect(screen.getByTestId('f-more')).toBeEnabled();
});

/** Checkboxes over one array of numbers, with an error when none is ticked. */
function DaysForm({
  onCommit,
  readOnly = false,
}: {
  onCommit: (v: { days: number[] }) => void;
  readOnly?: boolean;
}) {
  return (
    <Formik<{ days: number[] }>
      initialValues={{ days: [2] }}
      validate={(v) => (v.days.length === 0 ? { days: 'Choose a day.' } : {})}
      onSubmit={() => undefined}
    >
      {(form) =>
        formFields(form, { readOnly, message: messageAsIs, onCommit }).checkboxListField('days', 'Days', [
          { value: 1, label: 'Mon', testId: 'day-mon' },
          { value: 2, label: 'Tue' },
        ])
      }
    </Formik>
  );
}

test('checkboxListField: ticking adds the value at the end, unticking removes it, each committed; the error shows once changed', async () => {
  const commits: number[][] = [];
  render(<DaysForm onCommit={(v) => commits.push(v.days)} />);
  expect(screen.getByRole('group', { name: 'Days' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Tue' })).toBeChecked();
  await userEvent.click(screen.getByTestId('day-mon'));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Tue' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Mon' }));
  expect(commits).toEqual([[2, 1], [1], []]);
  expect(await screen.findByText('Choose a day.')).toBeInTheDocument();
});

test('checkboxListField: disabled for readers', () => {
  render(<DaysForm onCommit={() => undefined} readOnly />);
  expect(screen.getByRole('checkbox', { name: 'Mon' })).toBeDisabled();
});

/** An Autocomplete over one array of codes, and a button that sets the list as a whole. */
function CountriesForm({
  onCommit,
  readOnly = false,
}: {
  onCommit: (v: { countries: string[] }) => void;
  readOnly?: boolean;
}) {
  return (
    <Formik<{ countries: string[] }>
      initialValues={{ countries: ['DE'] }}
      validate={(v) => (v.countries.length === 0 ? { countries: 'Choose a country.' } : {})}
      onSubmit={() => undefined}
    >
      {(form) => {
        const { autocompleteField, choiceField, errorOf } = formFields(form, {
          readOnly,
          message: messageAsIs,
          onCommit,
        });
        const countries = choiceField<string[]>('countries');
        return (
          <>
            <Autocomplete
              multiple
              {...autocompleteField<string[]>('countries')}
              options={['DE', 'FR']}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Countries"
                  error={Boolean(errorOf('countries'))}
                  helperText={errorOf('countries')}
                />
              )}
            />
            <button type="button" onClick={() => countries.onChange([])}>
              Clear
            </button>
          </>
        );
      }}
    </Formik>
  );
}

test('autocompleteField and choiceField: a pick or a whole list is stored and committed; the error shows once changed', async () => {
  const commits: string[][] = [];
  render(<CountriesForm onCommit={(v) => commits.push(v.countries)} />);
  await userEvent.click(screen.getByRole('combobox', { name: 'Countries' }));
  await userEvent.click(await screen.findByRole('option', { name: 'FR' }));
  expect(screen.getByRole('button', { name: 'FR' })).toBeInTheDocument();
  expect(screen.queryByText('Choose a country.')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(commits).toEqual([['DE', 'FR'], []]);
  expect(await screen.findByText('Choose a country.')).toBeInTheDocument();
});

test('autocompleteField: disabled for readers', () => {
  render(<CountriesForm onCommit={() => undefined} readOnly />);
  expect(screen.getByRole('combobox', { name: 'Countries' })).toBeDisabled();
});
