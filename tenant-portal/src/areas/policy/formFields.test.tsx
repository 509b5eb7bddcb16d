// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { MenuItem, TextField } from '@mui/material';
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
