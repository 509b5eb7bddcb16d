import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SessionGate, type GateState } from './SessionGate';

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">{location.pathname + location.search}</p>;
}

function renderAt(path: string, state: GateState) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        path: '*',
        element: (
          <SessionGate state={state}>
            <p>the page</p>
          </SessionGate>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('SessionGate', () => {
  it('shows a labelled spinner while the session is being checked', () => {
    renderAt('/tenants', 'checking');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('the page')).not.toBeInTheDocument();
  });

  it('shows the page when signed in', () => {
    renderAt('/tenants', 'signedIn');
    expect(screen.getByText('the page')).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a deep link to the login with that link as returnUrl', () => {
    renderAt('/logs/web?interval=7d', 'signedOut');
    expect(screen.getByTestId('login')).toHaveTextContent(
      `/login?${new URLSearchParams({ returnUrl: '/logs/web?interval=7d' })}`,
    );
  });

  it('sends a signed-out visitor of the start page to the plain login', () => {
    renderAt('/', 'signedOut');
    expect(screen.getByTestId('login')).toHaveTextContent(/^\/login$/);
  });
});
