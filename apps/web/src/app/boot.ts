/**
 * What the entry (src/main.tsx) loads once React has run: Mantine, the providers, the router and the layout. Apart
 * from React so that a phone's main thread runs the shell's modules in two tasks, not one long one; in the same
 * `shell` chunk and stylesheet as React (vite.config.ts), so nothing is fetched later.
 */
export { AppProviders, makeQueryClient } from './providers';
export { AppRouter, preloadPages } from './router';
export { setTranslatorSource } from '@/lib/i18n';
