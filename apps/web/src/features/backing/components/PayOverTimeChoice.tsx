import { Checkbox } from '@mantine/core';
import {
  chargeDate,
  hasValidDecimals,
  INSTALMENT_COUNT,
  majorToMinor,
  minorToMajor,
  planInstalments,
  type Project,
} from '@fundry/shared';
import { InstalmentPlan } from '@/components/instalments/InstalmentPlan';
import { Stack } from '@/components/primitives/primitives';
import { useI18n } from '@/lib/i18n';

/** What the choice needs of the project (DESIGN.md §20); a project read without them offers no plan. */
export type PlanProject = Pick<Project, 'funding_model' | 'end_date' | 'currency'> &
  Partial<Pick<Project, 'pledge_over_time' | 'pledge_over_time_minimum' | 'instalment_interval_days'>>;

/** The plan the server will write for a pledge of `amount`, or null when none is offered for it. */
export function plannedInstalments(project: PlanProject, amount: number) {
  const minimum = project.pledge_over_time_minimum ?? null;
  if (
    !project.pledge_over_time ||
    project.funding_model !== 'all_or_nothing' ||
    !project.end_date ||
    minimum === null ||
    !Number.isFinite(amount) ||
    amount < minimum ||
    !hasValidDecimals(amount, project.currency)
  ) {
    return null;
  }
  return planInstalments(
    majorToMinor(amount, project.currency),
    chargeDate(project.end_date),
    project.instalment_interval_days ?? 30,
  ).map((item) => ({
    number: item.number,
    amount: minorToMajor(item.amountMinor, project.currency),
    due_on: item.dueOn,
  }));
}

/**
 * "Pay in 3 instalments" in the back and manage dialogs (DESIGN.md §20): offered from the project's minimum, with the
 * plan (each date and amount) shown before the backer confirms. Nothing on a project that does not offer it.
 */
export function PayOverTimeChoice({
  project,
  amount,
  checked,
  onChange,
}: {
  project: PlanProject;
  amount: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const i18n = useI18n();
  const minimum = project.pledge_over_time_minimum ?? null;
  if (!project.pledge_over_time || project.funding_model !== 'all_or_nothing' || minimum === null)
    return null;
  const plan = plannedInstalments(project, amount);
  return (
    <Stack gap="xs">
      <Checkbox
        label={i18n.t('backing.instalments.choice', { count: INSTALMENT_COUNT })}
        description={
          plan
            ? i18n.t('backing.instalments.choiceHelp', { count: INSTALMENT_COUNT })
            : i18n.t('backing.instalments.belowMinimum', { amount: i18n.money(minimum, project.currency) })
        }
        checked={checked && plan !== null}
        disabled={plan === null}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {checked && plan && (
        <InstalmentPlan
          instalments={plan}
          currency={project.currency}
          caption={i18n.t('backing.instalments.planCaption')}
        />
      )}
    </Stack>
  );
}
