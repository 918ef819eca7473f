import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { testTranslator } from '@/test/i18n';
import { notify } from '@/lib/notify';
import { AppProviders, makeQueryClient } from './providers';

const toastsCode = vi.hoisted(() => ({ loaded: false }));
vi.mock('@mantine/notifications', async (original) => {
  toastsCode.loaded = true;
  return await original();
});

describe('AppProviders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the toasts only when the first is asked for, and shows it', async () => {
    mockApi({});
    render(
      <AppProviders queryClient={makeQueryClient()} translator={testTranslator()} chosenCurrency={null}>
        <button type="button" onClick={() => notify.success('Saved')}>
          Save
        </button>
      </AppProviders>,
    );
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(toastsCode.loaded).toBe(false);
    await userEvent.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(toastsCode.loaded).toBe(true);
  });
});
