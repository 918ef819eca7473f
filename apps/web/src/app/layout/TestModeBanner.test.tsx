import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { testConfig } from '@/test/money';
import { renderPage } from '@/test/render';
import { AppLayout } from './AppLayout';

function renderLayout() {
  return renderPage(<AppLayout />, {
    path: '/',
    at: '/about',
    children: [{ path: 'about', element: <h1>About Fundry</h1> }],
  });
}

describe('the test-mode banner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is on the page while the sandbox takes the pledges', async () => {
    mockApi({ 'GET config': { body: { data: testConfig({ test_mode: true }) } } });
    renderLayout();
    expect(await screen.findByRole('status')).toHaveTextContent('Test mode: no real money moves');
    expect(screen.getByRole('heading', { name: 'About Fundry' })).toBeInTheDocument();
    // What is fixed to the bottom of the window (a page's action bar) sits above the strip.
    expect(screen.getByRole('main').parentElement).toHaveClass(/withTestMode/);
  });

  it('is absent when a real payment provider is configured', async () => {
    mockApi({ 'GET config': { body: { data: testConfig({ test_mode: false }) } } });
    const { queryClient } = renderLayout();
    await waitFor(() => expect(queryClient.getQueryState(['site-config'])?.status).toBe('success'));
    expect(screen.getByRole('heading', { name: 'About Fundry' })).toBeInTheDocument();
    expect(screen.queryByText('Test mode: no real money moves')).not.toBeInTheDocument();
    expect(screen.getByRole('main').parentElement!.className).not.toMatch(/withTestMode/);
  });
});
