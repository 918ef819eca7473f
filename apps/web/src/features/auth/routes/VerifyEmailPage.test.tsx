import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { VerifyEmailPage } from './VerifyEmailPage';

const renderAt = (at: string) => renderPage(<VerifyEmailPage />, { path: '/verify-email', at });

describe('VerifyEmailPage', () => {
  it('shows the success message with a Go to Login button', () => {
    renderAt('/verify-email?status=success&message=Your%20email%20is%20verified.');
    expect(screen.getByText('Your email is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/signin');
  });

  it('shows the error message with a Back to Home button', () => {
    renderAt('/verify-email?status=error&message=Link%20expired');
    expect(screen.getByText('Link expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('otherwise shows a verifying spinner', () => {
    renderAt('/verify-email');
    expect(screen.getByText('Verifying…')).toBeInTheDocument();
  });
});
