import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@fundry/shared';
import { TestProviders } from '@/test/i18n';
import { ForgotPasswordPage } from './routes/ForgotPasswordPage';
import { PasswordResetSuccessPage } from './routes/PasswordResetSuccessPage';

function renderIn(locale: Locale, element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return render(
    <TestProviders locale={locale}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TestProviders>,
  );
}

describe('account screens in other languages', () => {
  it('says how long the reset link lasts in German, with the plural of minutes', () => {
    renderIn('de', <PasswordResetSuccessPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Prüfen Sie Ihre E-Mails' })).toBeInTheDocument();
    expect(screen.getByText(/Der Link läuft in 30 Minuten ab/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/signin');
  });

  it('uses the Arabic plural form of minutes', () => {
    renderIn('ar', <PasswordResetSuccessPage />);
    expect(screen.getByText(/تنتهي صلاحية الرابط خلال 30 دقيقة/)).toBeInTheDocument();
  });

  it('keeps the link inside the translated footer sentence', () => {
    renderIn('es', <ForgotPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Volver a iniciar sesión' });
    expect(link).toHaveAttribute('href', '/signin');
    expect(link.parentElement).toHaveTextContent('¿Ya la recordaste? Volver a iniciar sesión');
    expect(screen.getByRole('button', { name: 'Enviar enlace de restablecimiento' })).toBeInTheDocument();
  });
});
