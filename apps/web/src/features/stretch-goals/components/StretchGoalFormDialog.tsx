import { Alert, Modal, NumberInput, Textarea, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  CURRENCY_DECIMALS_MESSAGE,
  exponent,
  hasValidDecimals,
  type Project,
  REWARD_DESCRIPTION_MAX,
  REWARD_MESSAGES,
  REWARD_TITLE_MAX,
  STRETCH_GOAL_MESSAGES,
  type StretchGoal,
} from '@fundry/shared';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { amountInputProps } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useDeleteStretchGoal, useSaveStretchGoal } from '../api/stretch-goals';

interface Values {
  amount: number | string;
  title: string;
  description: string;
}

/** The API's own rules and messages (stretchGoalRequest and the service), checked before sending. */
export function validateStretchGoal(values: Values, goal: number | null, currency: string) {
  const errors: Partial<Record<keyof Values, string>> = {};
  const amount = Number(values.amount);
  if (values.amount === '' || !(amount > 0)) errors.amount = STRETCH_GOAL_MESSAGES.amountRequired;
  else if (!hasValidDecimals(amount, currency)) errors.amount = CURRENCY_DECIMALS_MESSAGE;
  else if (goal === null) errors.amount = STRETCH_GOAL_MESSAGES.goalFirst;
  else if (amount <= goal) errors.amount = STRETCH_GOAL_MESSAGES.aboveGoal;
  const title = values.title.trim();
  if (!title) errors.title = REWARD_MESSAGES.titleRequired;
  else if (title.length > REWARD_TITLE_MAX) errors.title = REWARD_MESSAGES.titleLength;
  if (values.description.trim().length > REWARD_DESCRIPTION_MAX)
    errors.description = REWARD_MESSAGES.descriptionLength;
  return errors;
}

/** Add a stretch goal (no `goal`) or edit one; a reached goal keeps its amount. */
export function StretchGoalFormDialog({
  project,
  opened,
  goal,
  onClose,
}: {
  project: Project;
  opened: boolean;
  goal: StretchGoal | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700}>
          {i18n.t(goal ? 'projects.stretchGoals.form.editTitle' : 'projects.stretchGoals.form.addTitle')}
        </Text>
      }
      centered
      radius="lg"
    >
      {/* Mounted on each opening: the form starts from the goal as it is now, or empty. */}
      <StretchGoalForm project={project} goal={goal} onClose={onClose} />
    </Modal>
  );
}

function StretchGoalForm({
  project,
  goal,
  onClose,
}: {
  project: Project;
  goal: StretchGoal | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { currency } = project;
  // The messages' arguments: the currency, its decimals and the project's goal.
  const named = { currency, decimals: exponent(currency), goal: project.goal_amount ?? 0 };
  const save = useSaveStretchGoal(project.id);
  const remove = useDeleteStretchGoal(project.id);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      amount: goal?.amount ?? '',
      title: goal?.title ?? '',
      description: goal?.description ?? '',
    },
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateStretchGoal(values, project.goal_amount, currency)).map(([path, key]) => [
          path,
          i18n.t(key, named),
        ]),
      ),
  });

  const failed = (error: unknown) => {
    const fields = fieldErrors(error);
    form.setErrors(fields);
    if (Object.keys(fields).length === 0)
      setProblem(serverMessage(error) ?? i18n.t('projects.stretchGoals.form.failed'));
  };

  const submit = form.onSubmit((values) => {
    setProblem(null);
    save.mutate(
      {
        goalId: goal?.id,
        body: {
          amount: Number(values.amount),
          title: values.title.trim(),
          description: values.description.trim(),
        },
      },
      {
        onSuccess: (response) => {
          if (response.message) notify.success(response.message);
          onClose();
        },
        onError: failed,
      },
    );
  });

  const reached = goal?.reached_at != null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <NumberInput
          label={i18n.t('projects.stretchGoals.form.amountLabel')}
          withAsterisk
          description={
            reached
              ? i18n.t('projects.stretchGoals.form.reachedHint')
              : project.goal_amount !== null &&
                i18n.t('projects.stretchGoals.form.amountHint', {
                  goal: i18n.money(project.goal_amount, currency),
                })
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={reached}
          {...amountInputProps(i18n, currency)}
          allowNegative={false}
          hideControls
          {...form.getInputProps('amount')}
        />
        <TextInput
          label={i18n.t('projects.stretchGoals.form.titleLabel')}
          withAsterisk
          placeholder={i18n.t('projects.stretchGoals.form.titlePlaceholder')}
          maxLength={REWARD_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={i18n.t('projects.stretchGoals.form.descriptionLabel')}
          autosize
          minRows={2}
          maxLength={REWARD_DESCRIPTION_MAX}
          description={`${form.getValues().description.length}/${REWARD_DESCRIPTION_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <Group justify="space-between" gap="sm" mt="sm">
          {goal ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(goal.id, {
                  onSuccess: (response) => {
                    notify.success(response.message);
                    onClose();
                  },
                  onError: failed,
                })
              }
            >
              {i18n.t('projects.stretchGoals.form.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {i18n.t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {i18n.t('projects.stretchGoals.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
