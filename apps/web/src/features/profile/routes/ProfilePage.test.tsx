import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { testConfig } from '@/test/money';
import { renderPage } from '@/test/render';
import { ProfilePage } from './ProfilePage';

const QR = 'data:image/png;base64,iVBORw0KGgo=';

function renderProfile(routes: Record<string, Responder> = {}) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET config': { body: { data: testConfig() } },
    'GET profile/': { body: { data: { user: testUser } } },
    'GET auth/2fa/status': { body: { data: { is_enabled: false } } },
    ...routes,
  });
  return { calls, ...renderPage(<ProfilePage />, { path: '/profile' }) };
}

async function openAccountSettings(user: ReturnType<typeof renderProfile>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Account Settings' }));
}

describe('ProfilePage', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the photo preview needs one.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the stats and the profile form filled in', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Website/)).toHaveAttribute('type', 'url');
  });

  it('checks a photo type and size before accepting it', async () => {
    renderProfile();
    // The file dialog filters by type; a drag or an "all files" choice still gets anything through.
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Upload profile photo');
    await user.upload(input, new File(['x'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Invalid file type. Please upload JPEG, PNG, or GIF.')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByText('File size exceeds 5MB limit.')).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/save your profile to upload it/)).toBeInTheDocument();
  });

  it('saves the profile as multipart with the photo and refetches the profile', async () => {
    const { user, calls } = renderProfile({
      'PUT profile/': { body: { message: 'Profile updated', data: { user: testUser } } },
    });
    const input = await screen.findByLabelText('Upload profile photo');
    await user.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    await user.clear(screen.getByLabelText(/^Location/));
    await user.type(screen.getByLabelText(/^Location/), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')?.body as FormData;
    expect(body.get('location')).toBe('Paris');
    expect(body.get('full_name')).toBe('Ada Lovelace');
    expect((body.get('profile_image') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'profile/' && call.method === 'GET')).toHaveLength(2),
    );
  });

  it('says "Failed to update profile" when the save fails', async () => {
    const { user } = renderProfile({ 'PUT profile/': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('checks that the new passwords match before changing the password', async () => {
    const { user, calls } = renderProfile({
      'POST auth/change-password': apiError(400, 'VALIDATION_ERROR', 'Current password is incorrect', {
        current_password: ['Current password is incorrect'],
      }),
    });
    await openAccountSettings(user);
    const card = screen.getByRole('region', { name: 'Change Password' });
    await user.type(within(card).getByLabelText(/^Current password/), 'old');
    await user.type(within(card).getByLabelText(/^New password/), 'Newpass1!');
    await user.type(within(card).getByLabelText(/^Confirm new password/), 'Newpass2!');
    await user.click(within(card).getByRole('button', { name: 'Update Password' }));
    expect(await within(card).findByText('New passwords do not match')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'auth/change-password')).toBe(false);

    await user.clear(within(card).getByLabelText(/^Confirm new password/));
    await user.type(within(card).getByLabelText(/^Confirm new password/), 'Newpass1!');
    await user.click(within(card).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
  });

  it('walks two-factor setup from the mailed code through the QR dialog to enabled, and back', async () => {
    let setupAttempts = 0;
    let verifyAttempts = 0;
    const { user, calls } = renderProfile({
      'POST auth/2fa/initiate-setup': {
        body: { message: 'A verification code has been sent to your email.' },
      },
      'POST auth/2fa/complete-setup': () =>
        ++setupAttempts === 1
          ? apiError(400, 'VALIDATION_ERROR', 'Invalid verification code')
          : { body: { message: 'Scan it', data: { qr_code: QR, secret: 'JBSWY3DPEHPK3PXP' } } },
      'POST auth/2fa/verify': () =>
        ++verifyAttempts === 1
          ? apiError(400, 'VALIDATION_ERROR', 'Invalid 2FA code')
          : { body: { message: 'Two-factor authentication is now enabled.', data: { is_enabled: true } } },
      'DELETE auth/2fa/revoke': { body: { message: 'Two-factor authentication has been disabled.' } },
    });
    await openAccountSettings(user);
    const card = screen.getByRole('region', { name: 'Two-Factor Authentication' });
    await user.click(await within(card).findByRole('button', { name: 'Enable Two-Factor Authentication' }));

    expect(
      await within(card).findByText(/A verification code has been sent to your email/),
    ).toBeInTheDocument();
    const emailCode = within(card).getByLabelText(/^Verification code/);
    expect(emailCode).toHaveAttribute('maxLength', '6');
    await user.type(emailCode, '111111');
    await user.click(within(card).getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
    await user.clear(emailCode);
    await user.type(emailCode, '222222');
    await user.click(within(card).getByRole('button', { name: 'Verify Code' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Authenticator code/), '333333');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));
    expect(await screen.findByText('Invalid 2FA code')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Authenticator code/));
    await user.type(within(dialog).getByLabelText(/^Authenticator code/), '444444');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));

    expect(await within(card).findByText('Enabled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'auth/2fa/verify').map((call) => call.body)).toEqual([
      { code: '333333' },
      { code: '444444' },
    ]);
    expect(calls.find((call) => call.path === 'auth/2fa/verify')?.authorization).toBe('Bearer access');

    await user.click(within(card).getByRole('button', { name: 'Disable Two-Factor Authentication' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Disable 2FA' }));
    expect(
      await within(card).findByRole('button', { name: 'Enable Two-Factor Authentication' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === 'auth/2fa/revoke')).toBe(true);
  });

  it('says "Failed to initiate 2FA setup" when the code cannot be mailed', async () => {
    const { user } = renderProfile({
      'POST auth/2fa/initiate-setup': apiError(500, 'INTERNAL_ERROR', 'Boom'),
    });
    await openAccountSettings(user);
    await user.click(await screen.findByRole('button', { name: 'Enable Two-Factor Authentication' }));
    expect(await screen.findByText('Failed to initiate 2FA setup')).toBeInTheDocument();
  });

  it('deletes the account after confirmation, signs out and goes home', async () => {
    const { user } = renderProfile({
      'DELETE profile/': { body: { message: 'Your account has been deleted.' } },
    });
    await openAccountSettings(user);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(authStorage.getAccessToken()).toBeNull();
    expect(authStorage.getRefreshToken()).toBeNull();
  });

  it('says "Failed to delete account" when the deletion fails, keeping the session', async () => {
    const { user } = renderProfile({ 'DELETE profile/': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    await openAccountSettings(user);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }),
    );
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(authStorage.getAccessToken()).toBe('access');
  });

  it('asks a signed-out visitor to sign in', () => {
    mockApi({});
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });
});
