import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type Responder } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { discoverSlots } from '../api/discovery';
import { DiscoverSection } from './DiscoverSection';

const LONG =
  'A lantern that charges in six hours of sunlight and lights a whole room for a night, built from repairable parts.';
const card = (id: number) => ({ image_card_url: `/uploads/projects/cards/${id}.webp` });
const featured = [
  makeProject({ id: 1, title: 'SunCell', featured: true, description: `<p>${LONG}</p>`, ...card(1) }),
  makeProject({ id: 2, title: 'Pixel Harbour', featured: true, ...card(2) }),
];
const trending = [
  makeProject({ id: 2, title: 'Pixel Harbour', featured: true, ...card(2) }),
  makeProject({ id: 3, title: 'Open Atlas', ...card(3) }),
];

function renderSection(discovery: Responder) {
  mockApi({ 'GET projects/discovery': discovery });
  return renderPage(<DiscoverSection />, { path: '/' });
}

describe('Home Discover section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows featured first, then trending without repeats, padded with Coming Soon to 5 cards', async () => {
    renderSection({ body: { data: { featured, trending } } });
    const section = screen.getByRole('region', { name: 'Discover Projects' });
    await within(section).findByRole('article', { name: 'SunCell' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'SunCell',
      'Pixel Harbour',
      'Open Atlas',
      'Coming Soon',
      'Coming Soon',
    ]);
    // Fundry's own links name their source (DESIGN.md §19).
    expect(within(cards[0]!).getByRole('link', { name: 'SunCell' })).toHaveAttribute(
      'href',
      '/projects/1?ref=home',
    );
    // The first card is on a phone's first screen, under the hero: its picture is fetched at once and first, the
    // others' as they near the screen.
    const pictures = cards.slice(0, 3).map((shown) => shown.querySelector('img'));
    expect(pictures.map((picture) => picture?.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    // The description is cut at 100 characters.
    expect(within(cards[0]!).getByText(`${LONG.slice(0, 100).trimEnd()}…`)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /View All Projects/ })).toHaveAttribute(
      'href',
      '/projects/explore',
    );
  });

  it('shows five Coming Soon cards when there are no picks, or they cannot be loaded', async () => {
    const { unmount } = renderSection({ body: { data: { featured: [], trending: [] } } });
    expect(await screen.findAllByRole('article', { name: 'Coming Soon' })).toHaveLength(5);
    unmount();
    vi.unstubAllGlobals();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSection({ status: 500, body: { error: 'INTERNAL', message: 'Boom' } });
    expect(await screen.findAllByRole('article', { name: 'Coming Soon' })).toHaveLength(5);
    warn.mockRestore();
  });

  it('never shows more than 5 cards', () => {
    const many = Array.from({ length: 5 }, (_, index) => makeProject({ id: index + 10 }));
    const slots = discoverSlots(many, [makeProject({ id: 99 })]);
    expect(slots).toHaveLength(5);
    expect(slots.every((slot) => slot.kind === 'project')).toBe(true);
    expect(discoverSlots([], [])).toHaveLength(5);
  });
});
