import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/test/i18n';
import { renderPage } from '@/test/render';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('TermsPage', () => {
  it('explains all-or-nothing charging, flexible campaigns, cancellations and refunds', () => {
    renderPage(<TermsPage />, { path: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(headings()).toEqual(
      expect.arrayContaining([
        '3. All-or-nothing charging',
        '4. Flexible campaigns',
        '5. Changing and cancelling a pledge',
        '6. Refunds',
      ]),
    );
    expect(screen.getByText(/nothing is charged/)).toBeInTheDocument();
    expect(screen.getByText(/no card is charged and every pledge is released/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('PrivacyPage', () => {
  it('says what data is kept and why, who sees it, and how to delete the account', () => {
    renderPage(<PrivacyPage />, { path: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(headings()).toEqual(
      expect.arrayContaining(['1. What we keep and why', '3. Who sees what', '6. Deleting your account']),
    );
    expect(screen.getByText(/a hash of your password/)).toBeInTheDocument();
    expect(screen.getByText(/choose Delete account/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Settings' })) {
      expect(link).toHaveAttribute('href', '/settings');
    }
  });
});

describe('Legal pages in other languages', () => {
  it('writes the terms in German, with the sentence’s links inside it', () => {
    render(
      <TestProviders locale="de">
        <MemoryRouter>
          <TermsPage />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen' })).toBeInTheDocument();
    expect(headings()).toContain('6. Erstattungen');
    expect(screen.getByText('Zuletzt aktualisiert: November 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/privacy');
  });

  it('writes the privacy policy in Arabic', () => {
    render(
      <TestProviders locale="ar">
        <MemoryRouter>
          <PrivacyPage />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الأسئلة الشائعة' })).toHaveAttribute('href', '/faqs');
  });
});
