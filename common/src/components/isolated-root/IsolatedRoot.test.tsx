import { Component, createContext, useContext, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { IsolatedRoot } from './IsolatedRoot';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error}</p> : this.props.children;
  }
}

const Where = createContext('the default');
function ShowWhere() {
  return <span>context: {useContext(Where)}</span>;
}

function Thrower({ message }: { message: string }): ReactNode {
  throw new Error(message);
}

describe('IsolatedRoot', () => {
  it('draws its children inside its element, by a root of their own, and follows new children', async () => {
    const { container, rerender } = render(
      <IsolatedRoot style={{ height: 120 }}>
        <span>first</span>
      </IsolatedRoot>,
    );
    const host = container.firstElementChild as HTMLElement;
    expect(host.style.height).toBe('120px');
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(host).toContainElement(screen.getByText('first'));
    rerender(
      <IsolatedRoot style={{ height: 120 }}>
        <span>second</span>
      </IsolatedRoot>,
    );
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(screen.queryByText('first')).not.toBeInTheDocument();
  });

  it("does not see the outer tree's context (its children are drawn by another root)", async () => {
    render(
      <Where.Provider value="the outer tree">
        <ShowWhere />
        <IsolatedRoot>
          <ShowWhere />
        </IsolatedRoot>
      </Where.Provider>,
    );
    expect(await screen.findByText('context: the default')).toBeInTheDocument();
    expect(screen.getByText('context: the outer tree')).toBeInTheDocument();
  });

  it('unmounts its root with it', async () => {
    const { unmount } = render(
      <IsolatedRoot>
        <span>inside</span>
      </IsolatedRoot>,
    );
    const inside = await screen.findByText('inside');
    await act(async () => {
      unmount();
    });
    expect(inside).not.toBeInTheDocument();
    expect(inside.isConnected).toBe(false);
  });

  it("throws its children's error again in the outer tree, where its error boundary shows it", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <Boundary>
          <IsolatedRoot>
            <Thrower message="grid broke" />
          </IsolatedRoot>
        </Boundary>,
      );
      expect(await screen.findByText('caught: grid broke')).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });
});
