import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, testUser } from '@/test/api';
import { testConfig } from '@/test/money';
import { renderPage } from '@/test/render';
import { SettingsPage } from './SettingsPage';

const exported = {
  data: {
    exported_at: '2026-11-24T10:00:00.000Z',
    account: { id: 7, email: 'ada@example.com' },
    pledges: [{ id: 3, amount: 40, status: 'SUCCEEDED' }],
  },
};

describe('SettingsPage: Download my data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches the export with the bearer token and saves it as a JSON file', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET profile/export': { body: exported },
    });
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    // jsdom has no object URLs: the file the page makes is caught here instead.
    URL.createObjectURL = (value: Blob) => {
      blob = value;
      return 'blob:fundry-export';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blob! });
    });
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.find((call) => call.path === 'profile/export')?.authorization).toBe('Bearer access');
    expect(saved[0]!.name).toBe('fundry-data-7-2026-11-24.json');
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(exported);
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
  });

  it('says why when the download is refused', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET profile/export': apiError(429, 'RATE_LIMITED', 'Too many requests. Please try again in 1 hour.'),
    });
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Too many requests. Please try again in 1 hour.')).toBeInTheDocument();
  });
});

describe('SettingsPage: e-mail preferences', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('loads the saved preferences, saves a change to the server and links to account security', async () => {
    authStorage.setTokens('access', 'refresh');
    let stored = { email_updates: true, email_comments: true, email_pledges: true, email_reminders: false };
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET users/me/preferences': () => ({ body: { data: { preferences: stored } } }),
      'PUT users/me/preferences': (call) => {
        stored = { ...stored, ...(call.body as object) };
        return { body: { data: { preferences: stored } } };
      },
    });
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const reminders = await screen.findByRole('switch', { name: /Reminders about saved projects/ });
    expect(reminders).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /Project updates/ }));
    await user.click(reminders);
    await user.click(save);
    expect(await screen.findByText('Your e-mail preferences were saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      email_updates: false,
      email_comments: true,
      email_pledges: true,
      email_reminders: true,
    });
    expect(put?.authorization).toBe('Bearer access');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save preferences' })).toBeDisabled());

    for (const name of ['Change password', 'Two-factor authentication', 'Delete account']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/profile?tab=account');
    }
    // The fake tabs and selectors that saved nothing are gone.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('offers the languages of the installation, each named in itself, with the current one chosen', async () => {
    mockApi({
      'GET config': {
        body: { data: testConfig({ test_mode: true, locales: ['en', 'de', 'ar'] }) },
      },
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    const menu = await screen.findByRole('combobox', { name: 'Language' });
    expect(menu).toHaveValue('en');
    expect(await screen.findByRole('option', { name: 'Deutsch' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'العربية' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Español' })).not.toBeInTheDocument();
  });

  it('shows why saving failed', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET users/me/preferences': {
        body: {
          data: {
            preferences: {
              email_updates: true,
              email_comments: true,
              email_pledges: true,
              email_reminders: true,
            },
          },
        },
      },
      'PUT users/me/preferences': apiError(503, 'SERVICE_UNAVAILABLE', 'The server is busy; try again.'),
    });
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });
    await user.click(await screen.findByRole('switch', { name: /Comments and replies/ }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('The server is busy; try again.')).toBeInTheDocument();
  });
});
