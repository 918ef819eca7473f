import { Alert, Button, Group, Modal, NumberInput, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDollars, hasAtMostTwoDecimals, MIN_PLEDGE_DOLLARS, PLEDGE_MESSAGES } from '@fundry/shared';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { isSoldOut, useBackProject, useRewards } from '@/lib/rewards';
import { REWARD_UI_MESSAGES } from './messages';

const NO_REWARD = 'none';

/** The text a failed pledge shows (SPEC §8): the provider being down, the server's reason, or the fallback. */
export function backingError(error: unknown): string {
  if (isApiError(error, 503)) return REWARD_UI_MESSAGES.paymentUnavailable;
  return serverMessage(error) ?? REWARD_UI_MESSAGES.backingFailed;
}

/**
 * Back-project dialog (SPEC §2, §5): an amount (at least $1 and at least the chosen reward's minimum) and an
 * optional reward among the available ones. Confirm sends the pledge, then the browser goes to the checkout.
 */
export function BackProjectDialog({
  project,
  opened,
  onClose,
  initialRewardId = null,
}: {
  project: { id: number; title: string };
  opened: boolean;
  onClose: () => void;
  initialRewardId?: number | null;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Back {project.title}</Text>}
      centered
      radius="lg"
      size="lg"
    >
      {/* The modal mounts its content on each opening, so every pledge starts afresh. */}
      <PledgeForm project={project} initialRewardId={initialRewardId} onClose={onClose} />
    </Modal>
  );
}

function PledgeForm({
  project,
  initialRewardId,
  onClose,
}: {
  project: { id: number; title: string };
  initialRewardId: number | null;
  onClose: () => void;
}) {
  const rewards = useRewards(project.id);
  const back = useBackProject(project.id);
  // null until the person types: the chosen reward's minimum stands in for it.
  const [typed, setTyped] = useState<number | string | null>(null);
  const [rewardId, setRewardId] = useState<string>(
    initialRewardId === null ? NO_REWARD : String(initialRewardId),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const available = (rewards.data ?? []).filter((reward) => !isSoldOut(reward));
  const chosen = available.find((reward) => String(reward.id) === rewardId) ?? null;
  const minimum = Math.max(MIN_PLEDGE_DOLLARS, chosen?.minimum_amount ?? 0);
  const amount = typed ?? chosen?.minimum_amount ?? '';

  const value = typeof amount === 'number' ? amount : Number.NaN;
  const tooLow = Number.isFinite(value) && value < minimum;
  const valid = Number.isFinite(value) && value >= minimum && hasAtMostTwoDecimals(value);
  let hint: string | undefined;
  if (tooLow) hint = chosen ? PLEDGE_MESSAGES.belowReward : PLEDGE_MESSAGES.amountMin;
  else if (Number.isFinite(value) && !hasAtMostTwoDecimals(value)) hint = PLEDGE_MESSAGES.decimals;

  const confirm = () => {
    if (!valid) return;
    setProblem(null);
    back.mutate(
      { amount: value, rewardId: chosen?.id ?? null },
      {
        onSuccess: (response) => {
          setRedirecting(true);
          window.location.assign(response.data.checkout_url);
        },
        onError: (error) => {
          const message = backingError(error);
          setProblem(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <NumberInput
        label="Pledge Amount ($)"
        withAsterisk
        placeholder="25"
        min={MIN_PLEDGE_DOLLARS}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        hideControls
        value={amount}
        onChange={setTyped}
        error={hint}
        description={`Minimum ${formatDollars(minimum, 2)}${chosen ? ` for “${chosen.title}”` : ''}`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-autofocus
      />
      <Radio.Group label="Choose a reward (optional)" value={rewardId} onChange={setRewardId}>
        <ScrollArea.Autosize mah={280} mt="xs" type="auto">
          <Stack gap="xs" pr="xs">
            <Radio value={NO_REWARD} label="No reward, I just want to support the project" />
            {available.map((reward) => (
              <Radio
                key={reward.id}
                value={String(reward.id)}
                label={`${reward.title} (${formatDollars(reward.minimum_amount)} or more)`}
                description={
                  reward.remaining === null
                    ? reward.description
                    : `${reward.remaining} left · ${reward.description}`
                }
                styles={{ description: { overflowWrap: 'anywhere' } }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
      {rewards.isError && (
        <Text size="sm" c="red">
          {REWARD_UI_MESSAGES.couldNotLoad}
        </Text>
      )}
      <Group justify="space-between" align="center" mt="sm">
        <Group gap={6} c="dimmed">
          <IconLock size={14} />
          <Text size="xs">You will pay on the secure checkout page.</Text>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={back.isPending || redirecting}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!valid} loading={back.isPending || redirecting}>
            Continue to Payment
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
