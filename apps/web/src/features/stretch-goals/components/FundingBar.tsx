import { Progress } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { percentFunded, type StretchGoal } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { percentFundedText } from '@/lib/project-text';
import classes from './FundingBar.module.css';

/**
 * Mantine's tooltip and floating-ui, 21 kB gzip of a project page's first download, load when a marker is first
 * pointed at, touched or focused (decision 032). The marker is the same element before and after, so focus stays.
 */
const MarkerTooltip = lazy(async () => ({ default: (await import('./MarkerTooltip')).MarkerTooltip }));

/** The marker's width in pixels: its place is shifted by up to this much so that the last one stays on the bar. */
const MARKER_PX = 14;

export interface BarMarker {
  key: string;
  kind: 'goal' | 'stretch';
  amount: number;
  title: string;
  reached: boolean;
  /** Where on the bar, 0 to 100, from its start (the left, or the right in right-to-left languages). */
  position: number;
}

/**
 * The bar's scale and its markers. Without stretch goals it is the plain bar of the goal; with them it runs to the
 * largest of the goal and the stretch goals, the goal marked as well, so each amount sits where the total will
 * reach it.
 */
export function fundingScale(current: number, goal: number | null, goals: readonly StretchGoal[]) {
  const extent = Math.max(goal ?? 0, ...goals.map((g) => g.amount));
  if (goals.length === 0 || extent <= 0) return { fill: percentFunded(current, goal), markers: [] };
  const at = (amount: number) => Math.min(100, (amount / extent) * 100);
  const markers: BarMarker[] = goals.map((g) => ({
    key: `stretch-${g.id}`,
    kind: 'stretch',
    amount: g.amount,
    title: g.title,
    reached: g.reached_at !== null,
    position: at(g.amount),
  }));
  if (goal !== null && goal > 0) {
    markers.unshift({
      key: 'goal',
      kind: 'goal',
      amount: goal,
      title: '',
      reached: current >= goal,
      position: at(goal),
    });
  }
  return { fill: percentFunded(current, extent), markers };
}

/**
 * The funding card's progress bar, with the project's stretch goals on it: each a marker named for assistive
 * technology and shown in a tooltip on hover, focus (Tab) and touch.
 */
export function FundingBar({
  current,
  goal,
  currency,
  goals,
}: {
  current: number;
  goal: number | null;
  /** The project's: every amount here is in it. */
  currency: string;
  goals: readonly StretchGoal[];
}) {
  const i18n = useI18n();
  // The marker whose tooltip shows (or showed last, while it fades out), and whether it shows.
  const [tip, setTip] = useState<{ target: HTMLElement; label: string; opened: boolean } | null>(null);
  const { fill, markers } = fundingScale(current, goal, goals);
  const funded = percentFunded(current, goal) >= 100;
  const label = (marker: BarMarker) =>
    marker.kind === 'goal'
      ? i18n.t('projects.stretchGoals.goalMarker', { amount: i18n.money(marker.amount, currency) })
      : i18n.t('projects.stretchGoals.marker', {
          title: marker.title,
          amount: i18n.money(marker.amount, currency),
          reached: marker.reached ? 'yes' : 'no',
        });
  return (
    <div className={classes.track} data-testid="funding-bar">
      <Progress
        value={fill}
        size="lg"
        radius="xl"
        color={funded ? 'green' : 'teal'}
        aria-label={i18n.t('projects.stats.percentFunded', {
          percent: percentFundedText(i18n, current, goal),
        })}
      />
      {markers.map((marker) => {
        const show = (target: HTMLElement) => setTip({ target, label: label(marker), opened: true });
        const hide = () => setTip((shown) => shown && { ...shown, opened: false });
        return (
          <span
            key={marker.key}
            role="img"
            tabIndex={0}
            aria-label={label(marker)}
            className={classes.marker}
            data-kind={marker.kind}
            data-reached={marker.reached}
            data-position={marker.position.toFixed(2)}
            style={{
              insetInlineStart: `calc(${marker.position}% - ${(marker.position / 100) * MARKER_PX}px)`,
            }}
            // On hover, focus (Tab) and touch, as Mantine's tooltip events; Escape hides it.
            onPointerEnter={(event) => show(event.currentTarget)}
            onPointerLeave={(event) => event.pointerType !== 'touch' && hide()}
            onPointerDown={(event) => show(event.currentTarget)}
            onFocus={(event) => show(event.currentTarget)}
            onBlur={hide}
            onKeyDown={(event) => event.key === 'Escape' && hide()}
          />
        );
      })}
      {tip && (
        <Suspense fallback={null}>
          <MarkerTooltip target={tip.target} label={tip.label} opened={tip.opened} />
        </Suspense>
      )}
    </div>
  );
}
