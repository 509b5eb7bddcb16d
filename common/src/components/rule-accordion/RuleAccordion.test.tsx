import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('in edit mode every panel is enabled', () => {
    render(<RuleAccordion panels={panels(true)} editMode canSave onSave={jest.fn()} />);
    expect(header('Action')).toBeEnabled();
  });
});
