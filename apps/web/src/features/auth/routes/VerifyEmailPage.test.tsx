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

  it('shows the error message with a Back to Home button and a way to a new link', () => {
    renderAt('/verify-email?status=error&message=Link%20expired');
    expect(screen.getByText('Link expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/signin');
  });

  it('without a status says at once that the link is missing, with a way on (never a spinner)', () => {
    renderAt('/verify-email');
    expect(screen.getByRole('heading', { name: 'No verification link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('needs the link from your verification email');
    expect(screen.queryByText('Verifying…')).not.toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('hands sign-in the page the person registered from', async () => {
    localStorage.setItem('fundry.return-path', '/projects/7');
    const { user } = renderAt('/verify-email?status=success');
    await user.click(screen.getByRole('link', { name: 'Go to Login' }));
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent(/^\/signin$/);
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/projects/7' });
  });
});
