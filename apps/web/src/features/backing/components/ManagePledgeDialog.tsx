import { Alert, Badge, Divider, Modal, Select } from '@mantine/core';
import { Anchor, Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { declineMessage, type Donation, PLEDGE_MESSAGES } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCancelDonation, useChangePaymentMethod, useUpdatePledge } from '../api/backing';
import { useAddOns } from '../api/add-ons';
import { useRewards } from '../api/rewards';
import { AddOnPicker, addOnsFor, choicesOf } from './AddOnPicker';
import { formatAddress } from '@/lib/countries';
import { PLEDGE_STATUS } from '../pledge-status';
import { isSoldOut } from '../reward-status';
import { PledgeAmountInput } from './PledgeAmountInput';
import { checkPledge, minimumDescription } from './pledge-terms';
import { ShippingAddressSection, toDraft } from './ShippingAddressFields';
import { PayOverTimeChoice, type PlanProject, plannedInstalments } from './PayOverTimeChoice';
import { InstalmentPlan } from '@/components/instalments/InstalmentPlan';

const NO_REWARD = 'none';

/**
 * Manage pledge (DESIGN.md §10): what the backer pledged and when it is charged; until the end date of an
 * all-or-nothing campaign, a new amount, reward or address, another card, or a cancellation; a declined
 * payment's fix. Flexible and collected pledges are shown, not changed.
 */
export function ManagePledgeDialog({
  pledge,
  project,
  opened,
  onClose,
}: {
  pledge: Donation;
  /** The project's offer of a plan of instalments (DESIGN.md §20), when known. */
  project?: PlanProject;
  opened: boolean;
  onClose: () => void;
}) {
  const i18n = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{i18n.t('backing.manage.title')}</Text>}
      closeButtonProps={{ 'aria-label': i18n.t('backing.dialog.close') }}
      centered
      radius="lg"
      size="lg"
    >
      <PledgeManager pledge={pledge} project={project} onClose={onClose} />
    </Modal>
  );
}

function PledgeManager({
  pledge,
  project,
  onClose,
}: {
  pledge: Donation;
  project: PlanProject | undefined;
  onClose: () => void;
}) {
  const i18n = useI18n();
  // A plan whose first instalment was collected: its later ones may be charged to another card (DESIGN.md §20).
  const runningPlan =
    pledge.status === 'COLLECTING' && pledge.instalments.some((line) => line.status === 'paid');
  const status = PLEDGE_STATUS[pledge.status];
  const card = useChangePaymentMethod(pledge.id);
  const cancel = useCancelDonation();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (error: unknown) => {
    const message = serverMessage(error) ?? i18n.t('backing.manage.changeFailed');
    setProblem(message);
    notify.error(message);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text fw={600}>{pledge.project_title}</Text>
        <Badge color={status.color} variant="light">
          {i18n.t(status.label)}
        </Badge>
      </Group>
      <Text size="sm">
        {i18n.t(
          pledge.shipping_amount > 0 ? 'backing.manage.summaryWithShipping' : 'backing.manage.summary',
          {
            amount: i18n.money(pledge.amount, pledge.currency),
            reward: pledge.reward?.title ?? i18n.t('backing.pledge.noReward'),
            shipping: i18n.money(pledge.shipping_amount, pledge.currency),
          },
        )}
      </Text>
      {pledge.add_ons.map((line) => (
        <Text key={line.add_on_id} size="sm">
          {i18n.t('backing.pledge.addOnLine', {
            title: line.title,
            quantity: line.quantity,
            price: i18n.money(line.price, line.currency),
          })}
        </Text>
      ))}
      {pledge.shipping_address && (
        <Text size="sm" c="dimmed">
          {i18n.t('backing.manage.shipsTo', { address: formatAddress(i18n, pledge.shipping_address) })}
        </Text>
      )}
      {pledge.instalments.length > 0 && !pledge.can_change && (
        <InstalmentPlan
          instalments={pledge.instalments}
          currency={pledge.currency}
          caption={i18n.t('backing.instalments.yourPlan')}
        />
      )}
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      {pledge.status === 'PAYMENT_FAILED' && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={i18n.t('backing.manage.paymentFailedTitle')}
        >
          <Stack gap="xs">
            <Text size="sm">
              {i18n.t(pledge.fix_by ? 'backing.manage.fixPaymentBy' : 'backing.manage.fixPayment', {
                reason: i18n.t(declineMessage(pledge.payment_error_code)),
                amount: i18n.money(pledge.amount, pledge.currency),
                date: i18n.timestampDate(pledge.fix_by),
              })}
            </Text>
            <Button
              color="red"
              leftSection={<IconCreditCard size={18} />}
              loading={card.isPending || card.isSuccess}
              onClick={() => card.mutate(undefined, { onError: fail })}
              style={{ alignSelf: 'flex-start' }}
            >
              {i18n.t('backing.pledge.fixPayment')}
            </Button>
          </Stack>
        </Alert>
      )}
      {pledge.status === 'PLEDGED' && pledge.charge_date && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {i18n.t('backing.manage.chargeNotice', {
            amount: i18n.money(pledge.amount, pledge.currency),
            date: i18n.calendarDate(pledge.charge_date),
          })}
        </Alert>
      )}
      {pledge.funding_model === 'flexible' && (
        <Text size="sm" c="dimmed">
          {i18n.t('backing.manage.flexibleFinal')}
        </Text>
      )}
      {pledge.funding_model === 'all_or_nothing' &&
        !pledge.can_change &&
        pledge.status !== 'PAYMENT_FAILED' && (
          <Text size="sm" c="dimmed">
            {pledge.status === 'SUCCEEDED'
              ? i18n.t('backing.manage.collected', { date: i18n.timestampDate(pledge.succeeded_at) })
              : i18n.t(PLEDGE_MESSAGES.notChangeable)}
          </Text>
        )}
      {pledge.can_change && <ChangeForm pledge={pledge} project={project} onSaved={onClose} onError={fail} />}
      <Divider />
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={`/donation/success?donation_id=${pledge.id}`} size="sm">
          {i18n.t(
            pledge.status === 'SUCCEEDED' ? 'backing.manage.viewReceipt' : 'backing.manage.viewDetails',
          )}
        </Anchor>
        <Group gap="sm">
          {(pledge.can_change || runningPlan) && (
            <Button
              variant="default"
              leftSection={<IconCreditCard size={18} />}
              loading={card.isPending || card.isSuccess}
              onClick={() => card.mutate(undefined, { onError: fail })}
            >
              {i18n.t('backing.manage.changeCard')}
            </Button>
          )}
          {pledge.can_cancel && (
            <Button variant="outline" color="red" onClick={() => setConfirmCancel(true)}>
              {i18n.t('backing.manage.cancelPledge')}
            </Button>
          )}
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirmCancel}
        title={i18n.t('backing.manage.cancelTitle')}
        confirmLabel={i18n.t('backing.manage.cancelPledge')}
        cancelLabel={i18n.t('backing.manage.keepPledge')}
        loading={cancel.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => {
          // The promise, not mutate's callbacks: once the pledge is cancelled the project page swaps this
          // dialog for Back This Project, and callbacks of an unmounted mutation never run.
          void cancel.mutateAsync(pledge.id).then(
            () => {
              notify.success(i18n.t('backing.manage.cancelled'));
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
        {i18n.t('backing.manage.cancelBody')}
      </ConfirmDialog>
    </Stack>
  );
}

/** The editable part: amount, reward and, when the reward ships, the address. */
function ChangeForm({
  pledge,
  project,
  onSaved,
  onError,
}: {
  pledge: Donation;
  project: PlanProject | undefined;
  onSaved: () => void;
  onError: (error: unknown) => void;
}) {
  const i18n = useI18n();
  const rewards = useRewards(pledge.project_id);
  const addOns = useAddOns(pledge.project_id);
  const update = useUpdatePledge(pledge.id);
  const held = Object.fromEntries(pledge.add_ons.map((line) => [line.add_on_id, line.quantity]));
  const [quantities, setQuantities] = useState<Record<number, number>>(held);
  const [amount, setAmount] = useState<number | string>(pledge.amount);
  const [rewardId, setRewardId] = useState(pledge.reward ? String(pledge.reward.id) : NO_REWARD);
  const [address, setAddress] = useState(toDraft(pledge.shipping_address));
  const [overTime, setOverTime] = useState(pledge.pay_over_time);

  // The current reward stays choosable even when no unit is left for anyone else.
  const choices = (rewards.data ?? []).filter(
    (reward) => !isSoldOut(reward) || reward.id === pledge.reward?.id,
  );
  const chosen = choices.find((reward) => String(reward.id) === rewardId) ?? null;
  const offered = addOnsFor(addOns.data ?? [], chosen?.id ?? null);
  const addOnChoices = choicesOf(offered, quantities);
  const { ships, shipping, minimum, value, shippingAddress, notShippedThere, valid, hint, hintValues } =
    checkPledge(chosen, amount, address, pledge.currency, addOnChoices);

  // The same words as the back dialog: what the reward needs, what shipping adds, the sum.
  const minimumText = minimumDescription(i18n, chosen, {
    minimum,
    shipping,
    ships,
    currency: pledge.currency,
    addOns: addOnChoices.length,
  });

  const save = () => {
    if (!valid) return;
    update.mutate(
      {
        amount: value,
        reward_id: chosen?.id ?? null,
        add_ons: addOnChoices.map(({ addOn, quantity }) => ({ add_on_id: addOn.id, quantity })),
        ...(shippingAddress ? { shipping_address: shippingAddress } : {}),
        // Said only where the project offers a plan; the server moves or drops it with the amount (DESIGN.md §20).
        ...(project?.pledge_over_time
          ? { pay_over_time: overTime && plannedInstalments(project, value) !== null }
          : {}),
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
        currency={pledge.currency}
        label={i18n.t('backing.manage.amountLabel')}
        value={amount}
        onChange={setAmount}
        error={hint && i18n.t(hint, hintValues)}
        description={minimumText}
      />
      <Select
        label={i18n.t('backing.manage.rewardLabel')}
        data={[
          { value: NO_REWARD, label: i18n.t('backing.pledge.noReward') },
          ...choices.map((reward) => ({
            value: String(reward.id),
            label: i18n.t('backing.pledge.rewardOption', {
              title: reward.title,
              amount: i18n.money(reward.minimum_amount, reward.currency),
            }),
          })),
        ]}
        value={rewardId}
        onChange={(next) => setRewardId(next ?? NO_REWARD)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <AddOnPicker offered={offered} quantities={quantities} held={held} onChange={setQuantities} />
      {ships && (
        <ShippingAddressSection value={address} onChange={setAddress} notShippedThere={notShippedThere} />
      )}
      {project && (
        <PayOverTimeChoice project={project} amount={value} checked={overTime} onChange={setOverTime} />
      )}
      <Group justify="flex-end">
        <Button onClick={save} disabled={!valid} loading={update.isPending}>
          {i18n.t('backing.manage.save')}
        </Button>
      </Group>
    </Stack>
  );
}
