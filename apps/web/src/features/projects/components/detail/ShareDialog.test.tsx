import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS_MS } from '@fundry/shared';
import { mockApi, type Responder } from '@/test/api';
import { renderPage } from '@/test/render';
import { ShareButton } from './ShareButton';

const project = { id: 4, title: 'Solar Lantern' };
const SERVER_INFO = {
  url: 'https://fundry.example/projects/4',
  title: 'Solar Lantern',
  social_links: {
    twitter: 'https://twitter.com/intent/tweet?url=https%3A%2F%2Ffundry.example%2Fprojects%2F4',
    facebook: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ffundry.example%2Fprojects%2F4',
    linkedin:
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Ffundry.example%2Fprojects%2F4',
  },
  embed_url: 'https://fundry.example/projects/4/embed',
};

function renderShare(share: Responder) {
  const calls = mockApi({ 'POST projects/4/share': share });
  return { calls, ...renderPage(<ShareButton project={project} />, { path: '/projects/4' }) };
}

describe('ShareButton and ShareDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens with the server links, each social site in a new tab', async () => {
    const { user } = renderShare({ body: { data: SERVER_INFO } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this project' });
    expect(within(dialog).getByRole('textbox', { name: 'Project link' })).toHaveValue(SERVER_INFO.url);
    for (const [name, key] of [
      ['Twitter', 'twitter'],
      ['Facebook', 'facebook'],
      ['LinkedIn', 'linkedin'],
    ] as const) {
      const link = within(dialog).getByRole('link', { name });
      expect(link).toHaveAttribute('href', SERVER_INFO.social_links[key]);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(
      screen.queryByText('Using local share links - some features may be limited'),
    ).not.toBeInTheDocument();
  });

  it('offers the embed code to copy and a preview of the card', async () => {
    const { user } = renderShare({ body: { data: SERVER_INFO } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this project' });
    const code = within(dialog).getByRole('textbox', { name: 'Embed code' });
    expect(code).toHaveValue(
      '<iframe src="https://fundry.example/projects/4/embed" width="360" height="440" title="Solar Lantern on Fundry" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(within(dialog).getByTitle('Solar Lantern on Fundry')).toHaveAttribute(
      'src',
      'https://fundry.example/projects/4/embed?lang=en',
    );
  });

  it('falls back to local links with a warning when the share call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderShare({ status: 500, body: { error: 'INTERNAL', message: 'Boom' } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      await screen.findByText('Using local share links - some features may be limited'),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Share this project' });
    const url = `${window.location.origin}/projects/4`;
    expect(within(dialog).getByRole('textbox', { name: 'Project link' })).toHaveValue(url);
    expect(within(dialog).getByRole('link', { name: 'Twitter' })).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=Solar%20Lantern`,
    );
    expect(within(dialog).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    warn.mockRestore();
  });

  it('falls back to local links when the answer has no data', async () => {
    const { user } = renderShare({ body: {} });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      await screen.findByText('Using local share links - some features may be limited'),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Share this project' });
    expect(within(dialog).getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/projects/4`)}`,
    );
  });

  it('copies the link and shows that it did for 2 seconds', async () => {
    const { user } = renderShare({ body: { data: SERVER_INFO } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this project' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
      await Promise.resolve();
    });
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SERVER_INFO.url);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Link copied to the clipboard');

    act(() => {
      vi.advanceTimersByTime(TIMINGS_MS.shareCopied - 100);
    });
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
