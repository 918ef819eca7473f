import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import type { Project } from '@fundry/shared';
import { RaisedOfGoal } from './StatsCard';
import classes from './StickyPledgeBar.module.css';

/**
 * On a phone, the pledge action stays at hand: once the funding card has scrolled up out of view, a bar fixed
 * to the bottom of the window shows the amount raised and the same action. From md up the funding card is
 * sticky beside the story, so the bar is hidden there.
 */
export function StickyPledgeBar({
  fundingCard,
  project,
  children,
}: {
  fundingCard: RefObject<HTMLElement | null>;
  project: Project;
  children: ReactNode;
}) {
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const card = fundingCard.current;
    if (!card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setScrolledPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(card);
    return () => observer.disconnect();
  }, [fundingCard]);
  if (!scrolledPast) return null;
  return (
    <div className={classes.stickyBar} data-testid="sticky-pledge-bar">
      <RaisedOfGoal project={project} compact />
      {children}
    </div>
  );
}
