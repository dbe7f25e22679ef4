// A member signed out because their account was suspended (issue 28, item 3) is told why on the
// sign-in page, as an alert, until they try again.
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE } from '~/auth/suspension';
import { LoginPage } from './LoginPage';

afterEach(cleanup);

function renderLogin(signedOutMessage: string | null) {
  const Stub = createRemixStub([
    {
      path: '/login',
      Component: LoginPage,
      loader: () => ({
        redirectTo: null,
        signedOutMessage,
        rememberMe: false,
        demoMode: false,
        demoAccounts: [],
        googleAccounts: [],
        googleEnabled: false,
      }),
    },
  ]);
  render(<Stub initialEntries={['/login']} />);
}

describe('the sign-in page after the app signed the person out', () => {
  it('says the account was suspended, as an alert', async () => {
    renderLogin(ACCOUNT_SUSPENDED_MESSAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_SUSPENDED_MESSAGE);
  });

  it('says nothing after a sign-out the person chose', async () => {
    renderLogin(null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeNull();
  });
});
