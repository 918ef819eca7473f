import { Alert, Anchor, Badge, Button, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Donation, formatDollars, PLEDGE_MESSAGES } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { serverMessage } from '@/lib/api-errors';
import { formatCalendarDate, formatTimestampDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useCancelDonation, useChangePaymentMethod, useUpdatePledge } from '../api/backing';
import { useRewards } from '../api/rewards';
import { formatAddress, PLEDGE_STATUS } from '../pledge-status';
import { isSoldOut } from '../reward-status';
import { PledgeAmountInput } from './PledgeAmountInput';
import { checkPledge } from './pledge-terms';
import { ShippingAddressSection, toDraft } from './ShippingAddressFields';

const NO_REWARD = 'none';
export const CANCELLED = 'Your pledge was cancelled. You have not been charged.';

/**
 * Manage pledge (DESIGN.md §10): what the backer pledged and when it is charged; until the end date of an
 * all-or-nothing campaign, a new amount, reward or address, another card, or a cancellation; a declined
 * payment's fix. Flexible and collected pledges are shown, not changed.
 */
export function ManagePledgeDialog({
  pledge,
  opened,
  onClose,
}: {
  pledge: Donation;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Manage your pledge</Text>}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      radius="lg"
      size="lg"
    >
      <PledgeManager pledge={pledge} onClose={onClose} />
    </Modal>
  );
}

function PledgeManager({ pledge, onClose }: { pledge: Donation; onClose: () => void }) {
  const status = PLEDGE_STATUS[pledge.status];
  const card = useChangePaymentMethod(pledge.id);
  const cancel = useCancelDonation();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (error: unknown) => {
    const message = serverMessage(error) ?? 'Your pledge could not be changed. Please try again.';
    setProblem(message);
    notify.error(message);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text fw={600}>{pledge.project_title}</Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm">
        {formatDollars(pledge.amount, 2)}
        {pledge.reward ? ` · ${pledge.reward.title}` : ' · No reward'}
        {pledge.shipping_amount > 0
          ? ` (including ${formatDollars(pledge.shipping_amount, 2)} shipping)`
          : ''}
      </Text>
      {pledge.shipping_address && (
        <Text size="sm" c="dimmed">
          Ships to {formatAddress(pledge.shipping_address)}
        </Text>
      )}
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      {pledge.status === 'PAYMENT_FAILED' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Your payment did not go through">
          <Stack gap="xs">
            <Text size="sm">
              {pledge.payment_error ?? 'Your card was declined.'} Save another card to pay{' '}
              {formatDollars(pledge.amount, 2)} now
              {pledge.fix_by ? `, by ${formatTimestampDate(pledge.fix_by)}, or the pledge is dropped` : ''}.
            </Text>
            <Button
              color="red"
              leftSection={<IconCreditCard size={18} />}
              loading={card.isPending || card.isSuccess}
              onClick={() => card.mutate(undefined, { onError: fail })}
              style={{ alignSelf: 'flex-start' }}
            >
              Fix payment
            </Button>
          </Stack>
        </Alert>
      )}
      {pledge.status === 'PLEDGED' && pledge.charge_date && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          You will be charged {formatDollars(pledge.amount, 2)} on {formatCalendarDate(pledge.charge_date)}{' '}
          only if the project reaches its goal.
        </Alert>
      )}
      {pledge.funding_model === 'flexible' && (
        <Text size="sm" c="dimmed">
          {PLEDGE_MESSAGES.flexibleFinal}.
        </Text>
      )}
      {pledge.funding_model === 'all_or_nothing' &&
        !pledge.can_change &&
        pledge.status !== 'PAYMENT_FAILED' && (
          <Text size="sm" c="dimmed">
            {pledge.status === 'SUCCEEDED'
              ? `Charged on ${formatTimestampDate(pledge.succeeded_at)}. A collected pledge can no longer be changed.`
              : PLEDGE_MESSAGES.notChangeable}
          </Text>
        )}
      {pledge.can_change && <ChangeForm pledge={pledge} onSaved={onClose} onError={fail} />}
      <Divider />
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={`/donation/success?donation_id=${pledge.id}`} size="sm">
          {pledge.status === 'SUCCEEDED' ? 'View receipt' : 'View pledge details'}
        </Anchor>
        <Group gap="sm">
          {pledge.can_change && (
            <Button
              variant="default"
              leftSection={<IconCreditCard size={18} />}
              loading={card.isPending || card.isSuccess}
              onClick={() => card.mutate(undefined, { onError: fail })}
            >
              Change card
            </Button>
          )}
          {pledge.can_cancel && (
            <Button variant="outline" color="red" onClick={() => setConfirmCancel(true)}>
              Cancel pledge
            </Button>
          )}
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirmCancel}
        title="Cancel your pledge?"
        confirmLabel="Cancel pledge"
        cancelLabel="Keep my pledge"
        loading={cancel.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => {
          // The promise, not mutate's callbacks: once the pledge is cancelled the project page swaps this
          // dialog for Back This Project, and callbacks of an unmounted mutation never run.
          void cancel.mutateAsync(pledge.id).then(
            () => {
              notify.success(CANCELLED);
              setConfirmCancel(false);
              onClose();
            },
            (error: unknown) => {
              setConfirmCancel(false);
              fail(error);
            },
          );
        }}
      >
        Your card will not be charged and any reward you chose goes back to other backers. You can back the
        project again while the campaign runs.
      </ConfirmDialog>
    </Stack>
  );
}

/** The editable part: amount, reward and, when the reward ships, the address. */
function ChangeForm({
  pledge,
  onSaved,
  onError,
}: {
  pledge: Donation;
  onSaved: () => void;
  onError: (error: unknown) => void;
}) {
  const rewards = useRewards(pledge.project_id);
  const update = useUpdatePledge(pledge.id);
  const [amount, setAmount] = useState<number | string>(pledge.amount);
  const [rewardId, setRewardId] = useState(pledge.reward ? String(pledge.reward.id) : NO_REWARD);
  const [address, setAddress] = useState(toDraft(pledge.shipping_address));

  // The current reward stays choosable even when no unit is left for anyone else.
  const choices = (rewards.data ?? []).filter(
    (reward) => !isSoldOut(reward) || reward.id === pledge.reward?.id,
  );
  const chosen = choices.find((reward) => String(reward.id) === rewardId) ?? null;
  const { ships, shipping, minimum, value, shippingAddress, notShippedThere, valid, hint } = checkPledge(
    chosen,
    amount,
    address,
  );

  // The same words as the back dialog: what the reward needs, what shipping adds, the sum.
  const minimumText = !chosen
    ? `Minimum ${formatDollars(minimum, 2)}`
    : shipping
      ? `Minimum ${formatDollars(chosen.minimum_amount, 2)} + ${formatDollars(shipping, 2)} shipping = ${formatDollars(minimum, 2)} for “${chosen.title}”`
      : `Minimum ${formatDollars(minimum, 2)} for “${chosen.title}”${ships ? ', plus shipping to your country' : ''}`;

  const save = () => {
    if (!valid) return;
    update.mutate(
      {
        amount: value,
        reward_id: chosen?.id ?? null,
        ...(shippingAddress ? { shipping_address: shippingAddress } : {}),
      },
      {
        onSuccess: (response) => {
          notify.success(response.message);
          onSaved();
        },
        onError,
      },
    );
  };

  return (
    <Stack gap="sm">
      <PledgeAmountInput
        label="Pledge amount ($)"
        value={amount}
        onChange={setAmount}
        error={hint}
        description={minimumText}
      />
      <Select
        label="Reward"
        data={[
          { value: NO_REWARD, label: 'No reward' },
          ...choices.map((reward) => ({
            value: String(reward.id),
            label: `${reward.title} (${formatDollars(reward.minimum_amount)} or more)`,
          })),
        ]}
        value={rewardId}
        onChange={(next) => setRewardId(next ?? NO_REWARD)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {ships && (
        <ShippingAddressSection value={address} onChange={setAddress} notShippedThere={notShippedThere} />
      )}
      <Group justify="flex-end">
        <Button onClick={save} disabled={!valid} loading={update.isPending}>
          Save changes
        </Button>
      </Group>
    </Stack>
  );
}
