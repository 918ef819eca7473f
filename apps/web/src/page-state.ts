import type { DehydratedState } from '@tanstack/react-query';
import type { CompiledCatalog } from '@fundry/shared';

/**
 * The data a server-rendered page was rendered with travels in the page as JSON (a script of type
 * application/json is data, not code: the Content-Security-Policy allows it), so the browser hydrates the same
 * page without asking the API again.
 */
export const PAGE_STATE_ELEMENT_ID = 'fundry-page-state';

/** The messages the page shows, in its language (DESIGN.md §14): the rest of the catalog follows. */
export const PAGE_MESSAGES_ELEMENT_ID = 'fundry-page-messages';

// `<` escaped: no text in the data can close the script element.
const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

export function serializePageState(state: DehydratedState, messages: CompiledCatalog): string {
  return jsonScript(PAGE_STATE_ELEMENT_ID, state) + jsonScript(PAGE_MESSAGES_ELEMENT_ID, messages);
}

export function readPageJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}
