import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { setTranslatorSource } from '@/lib/i18n';
import { testTranslator } from './i18n';

// Lazy parts of a page (admin controls, dialogs) are compiled on first import; on two busy cores that can take
// longer than the 1 s that findBy… waits by default.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
// Comboboxes scroll the selected option into view.
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: vi.fn(), writable: true });
}
// Autosizing textareas listen for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

// Any console error fails the test that caused it.
const consoleError = console.error;
afterEach(() => {
  cleanup();
  localStorage.clear();
  notifications.clean();
});
console.error = (...args: unknown[]) => {
  consoleError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};

// Code outside components (toasts, error messages) speaks the page's language: English in tests.
setTranslatorSource(() => testTranslator());
