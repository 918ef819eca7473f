import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackerSurvey } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { notify } from '@/lib/notify';
import { mockApi, testUser } from '@/test/api';
import { testConfig } from '@/test/money';
import { testTranslator } from '@/test/i18n';
import { renderPage } from '@/test/render';
import { SurveyPage } from './SurveyPage';

/** A message as an English reader sees it, as the API also writes it. */
const english = (key: string) => testTranslator().t(key);

const survey: BackerSurvey = {
  donation_id: 5,
  project_id: 1,
  project_title: 'Solar Lantern',
  currency: 'USD',
  reward: null,
  questions: [],
  answers: [],
  answered_at: null,
  locked: false,
  needs_address: false,
  shipping_address: null,
  add_ons: [
    {
      id: 31,
      title: 'Sticker sheet',
      description: '',
      price: 3,
      currency: 'USD',
      remaining: null,
      max_quantity: 10,
      ships: false,
      shipping: null,
    },
  ],
  can_buy_add_ons: true,
};

describe('SurveyPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Buys two sticker sheets with the answers; the API answers the add-ons' charge with `status`. */
  async function buyStickers(status: 'succeeded' | 'declined' | 'pending', message: string) {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET config': { body: { data: testConfig() } },
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/donations/5/survey': { body: { data: survey } },
      'PUT backers/donations/5/survey': {
        body: {
          data: { ...survey, answered_at: '2030-01-05T10:00:00.000Z' },
          add_on_charge: { status, amount: 6, currency: 'USD' },
          message,
        },
      },
    });
    const { user } = renderPage(<SurveyPage />, {
      path: '/backed-projects/:donationId/survey',
      at: '/backed-projects/5/survey',
    });
    const stickers = await screen.findByRole('textbox', { name: /Sticker sheet/ });
    await user.clear(stickers);
    await user.type(stickers, '2');
    await user.click(screen.getByRole('button', { name: 'Submit and pay $6' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.path === 'backers/donations/5/survey' && call.method === 'PUT')?.body,
      ).toMatchObject({ add_ons: [{ add_on_id: 31, quantity: 2 }] }),
    );
  }

  it('says a charge the provider has not confirmed yet is being confirmed, not that it succeeded', async () => {
    const success = vi.spyOn(notify, 'success');
    const warning = vi.spyOn(notify, 'warning');
    await buyStickers('pending', english('msg.survey.addOnPending'));
    expect(await screen.findByRole('status')).toHaveTextContent(english('msg.survey.addOnPending'));
    expect(warning).toHaveBeenCalledWith(english('msg.survey.addOnPending'));
    expect(success).not.toHaveBeenCalled();
  }, 20_000);

  it('says a declined card added nothing, and why', async () => {
    const warning = vi.spyOn(notify, 'warning');
    const declined = testTranslator().t('msg.survey.addOnDeclined', {
      reason: english('backing.decline.insufficientFunds'),
    });
    await buyStickers('declined', declined);
    expect(await screen.findByRole('status')).toHaveTextContent(declined);
    expect(warning).toHaveBeenCalledWith(declined);
  }, 20_000);
});
