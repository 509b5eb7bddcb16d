/**
 * Tests only: the portal on one policy tab with the fake policy server, and the steps the kit's
 * list editors' tests share (kindList.tsx).
 */
import { expect } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { componentIds } from '@workbench/common/test-ids/index';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { demoUser, renderPortal, revision } from '../../../testing/renderPortal';
import { fakePolicyServer, type FakePolicyServer } from '../web/fakePolicyServer';

export type User = ReturnType<typeof userEvent.setup>;

/** Opens `path` as an administrator with `capabilities`, the fake server holding `docs`. */
export function openKitTab(
  path: string,
  docs: Partial<Record<PolicyKind, unknown>>,
  capabilities: Record<string, unknown> = { rbac: true },
): FakePolicyServer {
  let server: FakePolicyServer | null = null;
  renderPortal({
    path,
    user: demoUser('admin', capabilities),
    stubs: (mock) => {
      server = fakePolicyServer(mock, docs, revision('new', 7));
    },
  });
  return server as unknown as FakePolicyServer;
}

/** Replaces a field's text (select all, paste) and leaves it. */
export async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text !== '') {
    await user.click(field);
    await user.paste(text);
  }
  await user.tab();
}

/** A field of the open entry dialog by its path in the entry. */
export const kitField = (dialog: HTMLElement, path: string) =>
  within(dialog).getByTestId(`${policyEditorIds.formField}-${path}`);

/** Apply of a rule dialog: on the accordion's last panel (its comment). */
export async function applyRule(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Comment' }));
  const apply = within(dialog).getByTestId(componentIds.ruleAccordionSave);
  await waitFor(() => expect(apply).toBeEnabled());
  await user.click(apply);
}

/** Saves the section; the body of the save accepted. */
export async function save(user: User, server: FakePolicyServer, count: number) {
  await user.click(screen.getByTestId(policyEditorIds.save));
  await waitFor(() => expect(server.saves).toHaveLength(count));
  return server.saves[count - 1].body;
}

/** A table's row ids in their order (the pinned actions column's copies left out). */
export const rowIds = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('.ag-row[row-id]')]
    .filter((row) => !row.closest('.ag-pinned-right-cols-container, .ag-pinned-left-cols-container'))
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.getAttribute('row-id'));

/**
 * The next save is refused at `field`: the section's error names the entry (`described`), and the
 * entry's dialog (`Edit <entry>`, titled `dialog`) shows the message at the field. The dialog.
 */
export async function refusedAtItsField(
  user: User,
  server: FakePolicyServer,
  refusal: { field: string; message: string; described: string; entry: string; dialog: string },
) {
  server.failNextSave({ message: refusal.message, field: refusal.field });
  await user.click(screen.getByTestId(policyEditorIds.save));
  expect(await screen.findByTestId(policyEditorIds.error)).toHaveTextContent(
    `${refusal.described}: ${refusal.message}`,
  );
  await user.click(screen.getByRole('button', { name: `Edit ${refusal.entry}` }));
  const dialog = await screen.findByRole('dialog', { name: refusal.dialog });
  // The field's helper text is the server's message (the harness may add the failed call's name).
  expect(within(dialog).getByText((text) => text.startsWith(refusal.message))).toBeInTheDocument();
  return dialog;
}
