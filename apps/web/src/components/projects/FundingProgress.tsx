import { Progress } from '@mantine/core';
import { percentFunded } from '@fundry/shared';
import { Approximately } from '@/components/money/Approximately';
import { Rich, useI18n } from '@/lib/i18n';
import { percentFundedText } from '@/lib/project-text';
import classes from './FundingProgress.module.css';

/** Raised so far against the goal: a bar capped at 100% and the figures under it (SPEC §4). */
export function FundingProgress({
  current,
  goal,
  currency,
  size = 'sm',
}: {
  current: number;
  goal: number | null;
  currency: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const i18n = useI18n();
  const percent = percentFunded(current, goal);
  const funded = i18n.t('common.funding.percentFunded', { percent: percentFundedText(i18n, current, goal) });
  return (
    <div className={classes.root}>
      <Progress
        value={percent}
        size={size}
        radius="xl"
        color={percent >= 100 ? 'green' : 'teal'}
        aria-label={funded}
      />
      <div className={classes.figures}>
        <p className={`${classes.text} ${classes.raised}`}>
          <Rich
            id="common.funding.raised"
            values={{ amount: i18n.money(current, currency) }}
            tags={{
              muted: (text) => <span className={`${classes.text} ${classes.muted}`}>{text}</span>,
            }}
          />{' '}
          <Approximately amount={current} currency={currency} size="xs" />
        </p>
        <p className={`${classes.text} ${classes.dimmed}`}>{funded}</p>
      </div>
    </div>
  );
}
