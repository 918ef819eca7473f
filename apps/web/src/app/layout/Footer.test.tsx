import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { Footer } from './Footer';

/** Every page of the app that a visitor can open without an id (apps/web/src/app/router.tsx). */
const PAGES = new Set([
  '/',
  '/about',
  '/faqs',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/discover',
  '/projects/explore',
  '/projects/create',
]);

describe('Footer', () => {
  it('links only to pages that exist, each link to its own page', () => {
    renderPage(<Footer />, { path: '/' });
    const links = within(screen.getByRole('contentinfo')).getAllByRole('link');
    const targets = links.map((link) => link.getAttribute('href'));
    for (const target of targets) expect(PAGES).toContain(target);
    // No two labels lead to one unrelated page (Careers, Press and Contact once all went to /about).
    const byTarget = new Map<string, string[]>();
    for (const link of links) {
      const href = link.getAttribute('href')!;
      if (href === '/') continue;
      byTarget.set(href, [...(byTarget.get(href) ?? []), link.textContent ?? '']);
    }
    for (const labels of byTarget.values()) {
      expect(new Set(labels.map((label) => label.toLowerCase().split(' ')[0])).size).toBe(1);
    }
    expect(screen.getAllByRole('link', { name: /^Terms/ })[0]).toHaveAttribute('href', '/terms');
    expect(screen.getAllByRole('link', { name: /^Privacy/ })[0]).toHaveAttribute('href', '/privacy');
  });
});
