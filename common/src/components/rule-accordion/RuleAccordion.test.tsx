import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { componentIds } from '../../test-ids';
import { RuleAccordion, type RuleAccordionPanel } from './RuleAccordion';

const panels = (actionValid: boolean): RuleAccordionPanel[] => [
  { id: 'who', title: 'Who', valid: true, content: <p>who fields</p> },
  { id: 'notes', title: 'Notes', optional: true, valid: true, content: <p>notes fields</p> },
  { id: 'hidden', title: 'Hidden', hidden: true, valid: true, content: <p>hidden fields</p> },
  { id: 'action', title: 'Action', valid: actionValid, content: <p>action fields</p> },
];

const header = (name: string) => screen.getByRole('button', { name });

describe('RuleAccordion', () => {
  it('opens the first panel, moves on with Next and shows Save on the last panel', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<RuleAccordion panels={panels(true)} editMode={false} canSave onSave={onSave} />);
    expect(header('Who')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Action')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Hidden' })).not.toBeInTheDocument();
    await user.click(header('Notes'));
    expect(header('Notes')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Who')).toHaveAttribute('aria-expanded', 'false');
    await user.click(
      screen.getAllByRole('button', { name: 'Next' }).find((b) => b.closest('.Mui-expanded'))!,
    );
    expect(header('Action')).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('Save needs validity plus permission to save', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<RuleAccordion panels={panels(false)} editMode canSave onSave={jest.fn()} />);
    await user.click(header('Action'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    rerender(<RuleAccordion panels={panels(true)} editMode canSave={false} onSave={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    rerender(<RuleAccordion panels={panels(true)} editMode canSave onSave={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('in edit mode Save is available at once, under the panels, with only the first panel open (issue 31)', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    const onCancel = jest.fn();
    render(
      <RuleAccordion
        panels={panels(true)}
        editMode
        canSave
        onSave={onSave}
        onCancel={onCancel}
        footerActions={<button type="button">Close</button>}
      />,
    );
    expect(header('Action')).toHaveAttribute('aria-expanded', 'false');
    // One Save and one Cancel, visible without a Next click, beside the footer's actions.
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Close' }).parentElement).toContainElement(save);
    await user.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
    await user.click(header('Action'));
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
  });

  it("readers' fields are disabled while every panel still opens", async () => {
    const user = userEvent.setup();
    render(
      <RuleAccordion
        panels={[
          { id: 'who', title: 'Who', valid: true, content: <input aria-label="Who field" /> },
          { id: 'what', title: 'What', valid: true, content: <input aria-label="What field" /> },
        ]}
        editMode
        canSave={false}
        fieldsDisabled
        onSave={jest.fn()}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Who field' })).toBeDisabled();
    await user.click(header('What'));
    expect(header('What')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'What field' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('in edit mode every panel is enabled', () => {
    render(<RuleAccordion panels={panels(true)} editMode canSave onSave={jest.fn()} />);
    expect(header('Action')).toBeEnabled();
  });

  it('Next is disabled until the panel is valid', async () => {
    const { rerender } = render(
      <RuleAccordion
        panels={[
          { id: 'who', title: 'Who', valid: false, content: <p>who fields</p> },
          { id: 'action', title: 'Action', valid: true, content: <p>action fields</p> },
        ]}
        editMode={false}
        canSave
        onSave={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(
      <RuleAccordion
        panels={[
          { id: 'who', title: 'Who', valid: true, content: <p>who fields</p> },
          { id: 'action', title: 'Action', valid: true, content: <p>action fields</p> },
        ]}
        editMode={false}
        canSave
        onSave={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('Save shows on the last displayed panel only, even when the last panel is not displayed', async () => {
    const user = userEvent.setup();
    render(
      <RuleAccordion
        panels={[
          { id: 'who', title: 'Who', valid: true, content: <p>who fields</p> },
          { id: 'action', title: 'Action', valid: true, content: <p>action fields</p> },
          { id: 'extra', title: 'Extra', hidden: true, valid: false, content: <p>extra</p> },
        ]}
        editMode={false}
        canSave
        onSave={jest.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    expect(screen.getAllByTestId(componentIds.ruleAccordionNext)).toHaveLength(1);
    expect(screen.getByText('action fields').closest('.MuiAccordion-root')).toContainElement(
      screen.getByRole('button', { name: 'Save' }),
    );
    expect(screen.getByText('who fields').closest('.MuiAccordion-root')).toContainElement(
      screen.getByTestId(componentIds.ruleAccordionNext),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('in edit mode opening a panel leaves the others open; a header click closes an open panel', async () => {
    const user = userEvent.setup();
    render(<RuleAccordion panels={panels(true)} editMode canSave onSave={jest.fn()} />);
    await user.click(header('Action'));
    expect(header('Who')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Action')).toHaveAttribute('aria-expanded', 'true');
    await user.click(header('Who'));
    expect(header('Who')).toHaveAttribute('aria-expanded', 'false');
  });

  it('in a new rule a disabled panel does not open', async () => {
    render(<RuleAccordion panels={panels(true)} editMode={false} canSave onSave={jest.fn()} />);
    fireEvent.click(header('Action'));
    expect(header('Action')).toHaveAttribute('aria-expanded', 'false');
    expect(header('Who')).toHaveAttribute('aria-expanded', 'true');
  });
});
