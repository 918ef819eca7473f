import type { DehydratedState } from '@tanstack/react-query';

/**
 * The data a server-rendered page was rendered with travels in the page as JSON (a script of type
 * application/json is data, not code: the Content-Security-Policy allows it), so the browser hydrates the same
 * page without asking the API again.
 */
export const PAGE_STATE_ELEMENT_ID = 'fundry-page-state';

export function serializePageState(state: DehydratedState): string {
  // `<` escaped: no text in the data can close the script element.
  return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}
