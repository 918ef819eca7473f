import type { ReactNode } from 'react';
import classes from './Fact.module.css';

/**
 * A small fact of a card (backers, time left, delivery): an icon beside dimmed extra-small text, drawn as Mantine's
 * `<Group gap wrap="nowrap">` around `<Text size="xs" c="dimmed">` would be, with plain classes (decision 018).
 * Text that reads the clock may have moved on since the server rendered the page, which may be kept a minute:
 * `now` tells the browser that its reading is not a mismatch.
 */
export function Fact({
  icon,
  gap,
  now = false,
  children,
}: {
  icon: ReactNode;
  /** Pixels between the icon and the text. */
  gap: 4 | 6;
  now?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${classes.fact} ${gap === 4 ? classes.gap4 : classes.gap6}`}>
      {icon}
      <p className={classes.text} suppressHydrationWarning={now}>
        {children}
      </p>
    </div>
  );
}
