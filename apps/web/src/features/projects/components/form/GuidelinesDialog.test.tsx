import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_CAMPAIGN_DAYS } from '@fundry/shared';
import { TestProviders } from '@/test/i18n';
import { GuidelinesButton } from './GuidelinesDialog';

describe('GuidelinesButton', () => {
  it('shows the eight tips in the reader’s language, with the campaign limit filled in', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders locale="de">
        <GuidelinesButton />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Projektrichtlinien ansehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projektrichtlinien' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(8);
    expect(within(dialog).getByText('Realistischer Zeitplan')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(`höchstens ${MAX_CAMPAIGN_DAYS} Tage`);
    expect(within(dialog).getByRole('button', { name: 'Verstanden' })).toBeInTheDocument();
  });

  it('reads as before in English', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <GuidelinesButton />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'View Project Guidelines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project Guidelines' });
    expect(dialog).toHaveTextContent(
      'Choose campaign dates (at most 90 days) and delivery dates you can keep, with room for delays.',
    );
  });
});
