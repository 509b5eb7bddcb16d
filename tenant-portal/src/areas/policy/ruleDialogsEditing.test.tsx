// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as yup from 'yup';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { RuleDialog as WebRuleDialog } from './web/RuleDialog';
import { InspectionRuleDialog } from './inspection/InspectionRuleDialog';
import { DlpRuleDialog } from './dlp/DlpRuleDialog';
import { EmailRuleDialog } from './email/EmailRuleDialog';
import { KitEntryDialog, kindListLayout } from './kit/kindList';
import { AccordionFormDialog, FormText, validFields } from './casb/AccordionFormDialog';
import { RuleDialog as FirewallRuleDialog } from '../fwaas/RuleDialog';
import { emptyRuleForm } from '../fwaas/ruleForm';
import { AccessRuleDialog } from '../private-access/AccessRuleDialog';
import { emptyAccessRuleForm } from '../private-access/privateAccessForms';

// Every rule dialog of the areas edits through the shared rule accordion (issue 31, point 8):
// editing a stored rule, every panel opens and Apply is there at once, with no Next click.
jest.setTimeout(240_000);

type Applied = jest.Mock<(value: unknown) => void>;

/** Each rule dialog, editing a stored rule named "Old name"; `applied` reads the name it applied. */
const DIALOGS: ReadonlyArray<{
  name: string;
  render: (apply: Applied, canWrite: boolean) => ReactElement;
  applied: (value: unknown) => string;
}> = [
  {
    name: 'web domain rule',
    render: (apply, canWrite) => (
      <WebRuleDialog
        rule={{
          id: 'r1',
          name: 'Old name',
          enabled: true,
          action: 'block',
          conditions: { domain: ['a.example'] },
        }}
        newId="n"
        groups={[]}
        canWrite={canWrite}
        onApply={apply}
        onClose={() => undefined}
      />
    ),
    applied: (rule) => (rule as { name: string }).name,
  },
  {
    name: 'inspection exception',
    render: (apply, canWrite) => (
      <InspectionRuleDialog
        kind="exception"
        noun="Inspection exception"
        rule={{
          id: 'e1',
          name: 'Old name',
          enabled: true,
          action: 'allow',
          conditions: { domain: ['updates.vendor.example'] },
          sha256: [],
        }}
        newId="n"
        canWrite={canWrite}
        onApply={apply}
        onClose={() => undefined}
      />
    ),
    applied: (rule) => (rule as { name: string }).name,
  },
  {
    name: 'DLP rule',
    render: (apply, canWrite) => (
      <DlpRuleDialog
        rule={{
          id: 'd1',
          name: 'Old name',
          enabled: true,
          conditions: {},
          direction: 'uploads',
          action: 'block',
          dictionaries: ['cards'],
          logic: 'or',
          auditors: [],
          resources: [],
          notify_user: true,
        }}
        newId="n"
        dictionaries={[{ id: 'cards', name: 'Credit cards' }]}
        auditors={[]}
        canWrite={canWrite}
        onApply={apply}
        onClose={() => undefined}
      />
    ),
    applied: (rule) => (rule as { name: string }).name,
  },
  {
    name: 'e-mail link isolation rule',
    render: (apply, canWrite) => (
      <EmailRuleDialog
        rule={{
          id: 'm1',
          name: 'Old name',
          enabled: true,
          action: 'safeview',
          senders: [],
          recipients: [],
          categories: [],
        }}
        groups={[]}
        newId="n"
        canWrite={canWrite}
        onApply={apply}
        onClose={() => undefined}
      />
    ),
    applied: (rule) => (rule as { name: string }).name,
  },
  {
    // The kit's rule dialog, as it draws safemail/mobile from the entry's schema.
    name: "kit's rule",
    render: (apply, canWrite) => (
      <KitEntryDialog
        list={kindListLayout('safemail/mobile').lists[0]}
        rule={{
          id: 'm1',
          name: 'Old name',
          enabled: true,
          action: 'safeview',
          senders: [],
          platforms: ['ios'],
        }}
        id="m1"
        named={false}
        otherNames={[]}
        readOnly={!canWrite}
        serverError={null}
        onApply={apply}
        onClose={() => undefined}
      />
    ),
    applied: (rule) => (rule as { name: string }).name,
  },
  {
    name: 'firewall rule',
    render: (apply, canWrite) => (
      <FirewallRuleDialog
        mode={canWrite ? 'edit' : 'view'}
        initial={{ ...emptyRuleForm, name: 'Old name' }}
        otherNames={[]}
        services={[]}
        onSave={apply}
        onClose={() => undefined}
      />
    ),
    applied: (values) => (values as { name: string }).name,
  },
  {
    name: 'private access rule',
    render: (apply, canWrite) => (
      <AccessRuleDialog
        mode={canWrite ? 'edit' : 'view'}
        initial={{ ...emptyAccessRuleForm, name: 'Old name', applications: ['app1'] }}
        otherNames={[]}
        applications={[]}
        onSave={apply}
        onClose={() => undefined}
      />
    ),
    applied: (values) => (values as { name: string }).name,
  },
  {
    name: 'cloud-app and egress entry (AccordionFormDialog)',
    render: (apply, canWrite) => (
      <AccordionFormDialog<{ name: string; note: string }>
        title="Edit entry"
        initialValues={{ name: 'Old name', note: '' }}
        schema={yup.object({ name: yup.string().required('required'), note: yup.string() })}
        panels={(form) => [
          {
            id: 'a',
            title: 'Entry',
            valid: validFields(form, ['name']),
            content: <FormText form={form} name="name" label="Name" />,
          },
          {
            id: 'b',
            title: 'Details',
            valid: true,
            content: <FormText form={form} name="note" label="Note" />,
          },
          { id: 'c', title: 'More', valid: true, content: <p>more</p> },
        ]}
        isNew={false}
        canWrite={canWrite}
        onApply={apply}
        onClose={() => undefined}
      />
    ),
    applied: (values) => (values as { name: string }).name,
  },
];

/** The first panel's name field (the web family's has its test id; the others are labelled Name). */
const nameField = (dialog: HTMLElement) =>
  within(dialog).queryByTestId(webPolicyIds.ruleName) ??
  within(dialog).getByRole('textbox', { name: /^Name/ });

describe.each(DIALOGS)('the $name dialog, editing a stored rule', ({ render: draw, applied }) => {
  it('applies a rename at once: Apply is shown with the first panel, no Next needed', async () => {
    const user = userEvent.setup();
    const apply: Applied = jest.fn();
    render(draw(apply, true));
    const dialog = screen.getByRole('dialog');
    const name = nameField(dialog);
    await user.clear(name);
    await user.type(name, 'New name');
    // Only visible buttons count: a Save inside a closed panel is not there for the user.
    const save = within(dialog).getByRole('button', { name: /^(Apply|Save|Add to rules)$/ });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(applied(apply.mock.calls[0][0])).toBe('New name');
  });

  it('applies on a click that comes right after the last change, before validation could run (issue 31)', async () => {
    const apply: Applied = jest.fn();
    render(draw(apply, true));
    const dialog = screen.getByRole('dialog');
    const name = nameField(dialog);
    const save = within(dialog).getByRole('button', { name: /^(Apply|Save|Add to rules)$/ });
    fireEvent.change(name, { target: { value: '' } });
    await waitFor(() => expect(save).toBeDisabled());
    // A slow machine: the click is handled before anything else runs after the change. Formik
    // validates asynchronously, so Apply still showed the empty name's error, and a browser drops
    // a click on a disabled button: the dialog stayed open with the edit unapplied.
    fireEvent.change(name, { target: { value: 'New name' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(applied(apply.mock.calls[0][0])).toBe('New name');
  });

  it('lets a reader open every panel, with every field disabled and Close at hand', async () => {
    const user = userEvent.setup();
    render(draw(jest.fn(), false));
    const dialog = screen.getByRole('dialog');
    const headers = within(dialog)
      .getAllByRole('button', { expanded: false })
      .filter((b) => b.closest('.MuiAccordionSummary-root') === b);
    expect(headers.length).toBeGreaterThan(0);
    for (const header of headers) {
      await user.click(header);
      expect(header).toHaveAttribute('aria-expanded', 'true');
    }
    expect(nameField(dialog)).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /^(Close|Cancel)$/ })).toBeEnabled();
  });
});
