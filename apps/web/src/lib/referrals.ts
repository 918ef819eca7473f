import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import {
  externalHostOf,
  MS_PER_DAY,
  REFERRAL_KEEP_DAYS,
  REFERRAL_QUERY_PARAM,
  REFERRAL_TAG_PATTERN,
} from '@fundry/shared';
import { api } from './api-client';

/**
 * Where a visitor came from (DESIGN.md §19, decision 035), kept in this browser for 30 days per project and sent
 * with a pledge: the `ref` of the address, else the other site's host. A later visit that names a source replaces
 * the kept one; a visit that names none (direct, or from Fundry's own pages without a ref) leaves it.
 */
const KEY_PREFIX = 'fundry_ref_';

interface Kept {
  ref: string;
  at: number;
}

const storage = () => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The source this address and referrer name, if any. */
export function sourceOfVisit(search: string, referrer: string, ownHost: string): string | null {
  const ref = new URLSearchParams(search).get(REFERRAL_QUERY_PARAM);
  if (ref && REFERRAL_TAG_PATTERN.test(ref)) return ref;
  return externalHostOf(referrer, ownHost);
}

export function keepReferral(projectId: number, source: string | null, now = Date.now()) {
  if (!source) return;
  storage()?.setItem(`${KEY_PREFIX}${projectId}`, JSON.stringify({ ref: source, at: now } satisfies Kept));
}

/** The kept source of this project, unless it is older than 30 days. */
export function keptReferral(projectId: number, now = Date.now()): string | null {
  const store = storage();
  const raw = store?.getItem(`${KEY_PREFIX}${projectId}`);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Kept;
    if (typeof kept.ref === 'string' && now - kept.at <= REFERRAL_KEEP_DAYS * MS_PER_DAY) return kept.ref;
  } catch {
    // Unreadable: forgotten below.
  }
  store?.removeItem(`${KEY_PREFIX}${projectId}`);
  return null;
}

/**
 * The address the document was loaded at: its server counted that page view (the page route counts after its
 * answer), so the app reports only the project pages it opens itself afterwards, and no view is counted twice.
 */
let firstView: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * A project page's visit: its source kept for the pledge, and, when the app (not the server) opened the page, a
 * beacon that counts it. Never in the way: a failed beacon is forgotten.
 */
export function useProjectVisit(projectId: number | null) {
  const location = useLocation();
  useEffect(() => {
    if (projectId === null) return;
    const ownHost = window.location.hostname;
    // The referrer is the other site's only on the document's first page; later pages come from Fundry's own.
    const servedFirst = firstView === location.pathname;
    const source = sourceOfVisit(window.location.search, servedFirst ? document.referrer : '', ownHost);
    keepReferral(projectId, source);
    if (servedFirst) {
      firstView = null;
      return;
    }
    firstView = null;
    const ref = new URLSearchParams(window.location.search).get(REFERRAL_QUERY_PARAM);
    api
      .post(`projects/${projectId}/visits`, { ref: ref && REFERRAL_TAG_PATTERN.test(ref) ? ref : null })
      .catch(() => undefined);
    // Once per project page opened (the address's query is read as it is then): its tabs change the query, not the page.
  }, [projectId, location.pathname]);
}
