import { describe, expect, it } from 'vitest';
import {
  attributePledge,
  attributeSource,
  externalHostOf,
  kindOfSource,
  REFERRAL_TAG_PATTERN,
  withReferral,
} from './referrals';

describe('referral attribution (DESIGN.md §19)', () => {
  const tags = ['Newsletter', 'forum_thread', 'home'];

  it('puts a tag before an internal source before the external host before direct', () => {
    const referer = 'news.example.org';
    expect(attributeSource({ ref: 'newsletter', externalHost: referer, tags })).toEqual({
      kind: 'tag',
      source: 'Newsletter',
    });
    // A tag named like an internal source is the creator's tag.
    expect(attributeSource({ ref: 'home', externalHost: referer, tags })).toEqual({
      kind: 'tag',
      source: 'home',
    });
    expect(attributeSource({ ref: 'explore', externalHost: referer, tags })).toEqual({
      kind: 'internal',
      source: 'explore',
    });
    expect(attributeSource({ ref: 'share-twitter', tags })).toEqual({
      kind: 'internal',
      source: 'share-twitter',
    });
    expect(attributeSource({ ref: null, externalHost: referer, tags })).toEqual({
      kind: 'external',
      source: 'news.example.org',
    });
    expect(attributeSource({ tags })).toEqual({ kind: 'direct', source: 'direct' });
  });

  it('leaves out an unknown or malformed ref: the host, else direct, never an error', () => {
    expect(attributeSource({ ref: 'nobody-made-this', tags })).toEqual({ kind: 'direct', source: 'direct' });
    expect(attributeSource({ ref: '<script>', tags })).toEqual({ kind: 'direct', source: 'direct' });
    expect(attributeSource({ ref: 'x'.repeat(41), externalHost: 'blog.example', tags })).toEqual({
      kind: 'external',
      source: 'blog.example',
    });
    expect(attributeSource({ ref: 'share-myspace', tags }).kind).toBe('direct');
  });

  it('reads the Referer: another site by its host, Fundry itself and non-web addresses not at all', () => {
    expect(externalHostOf('https://www.Forum.example.com/t/42?x=1', 'fundry.dev')).toBe('forum.example.com');
    expect(externalHostOf('https://fundry.dev/projects', 'fundry.dev')).toBeNull();
    expect(externalHostOf('https://www.fundry.dev/', 'fundry.dev')).toBeNull();
    expect(externalHostOf('android-app://com.slack', 'fundry.dev')).toBeNull();
    expect(externalHostOf('not a url', 'fundry.dev')).toBeNull();
    expect(externalHostOf(undefined, 'fundry.dev')).toBeNull();
    expect(externalHostOf('http://localhost:3000/', null)).toBeNull();
  });

  it('attributes a pledge from the ref the browser kept', () => {
    expect(attributePledge('NEWSLETTER', tags)).toEqual({ kind: 'tag', source: 'Newsletter' });
    expect(attributePledge('search', tags)).toEqual({ kind: 'internal', source: 'search' });
    expect(attributePledge('blog.example.com', tags)).toEqual({
      kind: 'external',
      source: 'blog.example.com',
    });
    expect(attributePledge('gibberish', tags)).toEqual({ kind: 'direct', source: 'direct' });
    expect(attributePledge(undefined, tags)).toEqual({ kind: 'direct', source: 'direct' });
  });

  it('names tags by the rule and reads kinds back', () => {
    for (const good of ['a', 'Spring-2026', 'forum_thread', 'x'.repeat(40)]) {
      expect(REFERRAL_TAG_PATTERN.test(good)).toBe(true);
    }
    for (const bad of ['', 'x'.repeat(41), 'with space', 'ümlaut', 'a.b', 'a/b']) {
      expect(REFERRAL_TAG_PATTERN.test(bad)).toBe(false);
    }
    expect(kindOfSource('newsletter', tags)).toBe('tag');
    expect(kindOfSource('direct', tags)).toBe('direct');
    expect(kindOfSource('embed', tags)).toBe('internal');
    expect(kindOfSource('blog.example.com', tags)).toBe('external');
  });

  it('adds the source to Fundry’s own links', () => {
    expect(withReferral('/projects/7', 'explore')).toBe('/projects/7?ref=explore');
    expect(withReferral('/projects/7?lang=es#rewards', 'email')).toBe(
      '/projects/7?lang=es&ref=email#rewards',
    );
  });
});
