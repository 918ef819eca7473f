import { Alert, Modal, Radio, ScrollArea } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import {
  type AddOn,
  INSTALMENT_COUNT,
  PLEDGE_MESSAGES,
  type Project,
  type Reward,
  type Translator,
} from '@fundry/shared';
import { existingPledgeId, isApiError, serverMessage } from '@/lib/api-errors';
import { Approximately } from '@/components/money/Approximately';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useBackProject } from '../api/backing';
import { useAddOns } from '../api/add-ons';
import { useRewards } from '../api/rewards';
import { AddOnPicker, addOnsFor, choicesOf } from './AddOnPicker';
import { PledgeAmountInput } from './PledgeAmountInput';
import { PayOverTimeChoice, type PlanProject, plannedInstalments } from './PayOverTimeChoice';
import { isSoldOut } from '../reward-status';
import { chargeExplanation, checkPledge, minimumDescription } from './pledge-terms';
import { EMPTY_ADDRESS, ShippingAddressSection } from './ShippingAddressFields';

/** What the dialog needs of the project: the funding model and end date decide what the backer is told. */
export type BackableProject = Pick<Project, 'id' | 'title' | 'funding_model' | 'end_date' | 'currency'> &
  Partial<Pick<Project, 'late_pledges'>> &
  PlanProject;

/** Where Manage pledge opens: the project page reads the flag (mails link to it too). */
export const managePledgePath = (projectId: number) => `/projects/${projectId}?manage_pledge=1`;

const NO_REWARD = 'none';

/** The text a failed pledge shows (SPEC §8): the provider being down, the server's reason, or the fallback. */
export function backingError(i18n: Translator, error: unknown): string {
  if (isApiError(error, 503)) return i18n.t(PLEDGE_MESSAGES.unavailable);
  return serverMessage(error) ?? i18n.t('backing.backDialog.failed');
}

/**
 * Back-project dialog (SPEC §2, §5, DESIGN.md §10): an amount (at least $1, and at least the chosen reward's
 * minimum plus its shipping), an optional reward among the available ones, and an address when it ships. Before
 * paying, the backer is told when they will be charged. Confirm sends the pledge, then the browser goes to the
 * checkout; a backer who already backed the project is taken to Manage pledge instead.
 */
export function BackProjectDialog({
  project,
  opened,
  onClose,
  initialRewardId = null,
}: {
  project: BackableProject;
  opened: boolean;
  onClose: () => void;
  initialRewardId?: number | null;
}) {
  const i18n = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{i18n.t('backing.backDialog.title', { title: project.title })}</Text>}
      closeButtonProps={{ 'aria-label': i18n.t('backing.dialog.close') }}
      centered
      radius="lg"
      size="lg"
    >
      {/* The modal mounts its content on each opening, so every pledge starts afresh. */}
      <PledgeForm project={project} initialRewardId={initialRewardId} onClose={onClose} />
    </Modal>
  );
}

/** An add-on as a late pledge pays for it. */
const atLateAddOnPrice = (addOn: AddOn): AddOn => ({ ...addOn, price: addOn.late_price ?? addOn.price });

/** A reward as a late pledge sees it: its late price is its minimum. */
const atLatePrice = (reward: Reward): Reward => ({
  ...reward,
  minimum_amount: reward.late_price ?? reward.minimum_amount,
});

function PledgeForm({
  project,
  initialRewardId,
  onClose,
}: {
  project: BackableProject;
  initialRewardId: number | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const rewards = useRewards(project.id);
  const addOns = useAddOns(project.id);
  const back = useBackProject(project.id);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  // null until the person types: the chosen reward's minimum stands in for it.
  const [typed, setTyped] = useState<number | string | null>(null);
  const [rewardId, setRewardId] = useState<string>(
    initialRewardId === null ? NO_REWARD : String(initialRewardId),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [address, setAddress] = useState(EMPTY_ADDRESS);
  const [overTime, setOverTime] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A late pledge (DESIGN.md §16) pays the late prices where the creator set them: the rules below use them.
  const late = project.late_pledges?.open === true;
  const available = (rewards.data ?? [])
    .filter((reward) => !isSoldOut(reward))
    .map((reward) => (late ? atLatePrice(reward) : reward));
  const chosen = available.find((reward) => String(reward.id) === rewardId) ?? null;
  const offered = addOnsFor(addOns.data ?? [], chosen?.id ?? null);
  const choices = choicesOf(late ? offered.map(atLateAddOnPrice) : offered, quantities);
  const preview = checkPledge(chosen, 0, address, project.currency, choices);
  const amount = typed ?? (chosen || choices.length > 0 ? preview.minimum : '');
  const { ships, shipping, minimum, value, shippingAddress, notShippedThere, valid, hint, hintValues } =
    checkPledge(chosen, amount, address, project.currency, choices);
  const minimumText = minimumDescription(i18n, chosen, {
    minimum,
    shipping,
    ships,
    currency: project.currency,
    addOns: choices.length,
  });

  // A late pledge is charged at once: no plan (DESIGN.md §20).
  const payOverTime = overTime && !late && plannedInstalments(project, value) !== null;

  const confirm = () => {
    if (!valid) return;
    setProblem(null);
    back.mutate(
      {
        amount: value,
        currency: project.currency,
        rewardId: chosen?.id ?? null,
        shippingAddress,
        addOns: choices.map(({ addOn, quantity }) => ({ add_on_id: addOn.id, quantity })),
        payOverTime,
      },
      {
        onSuccess: (response) => {
          setRedirecting(true);
          window.location.assign(response.data.checkout_url);
        },
        onError: (error) => {
          if (existingPledgeId(error) !== null) {
            notify.warning(i18n.t(PLEDGE_MESSAGES.alreadyBacked));
            onClose();
            // The page may not know of that pledge yet (backed in another tab): ask again, then manage it.
            void queryClient.invalidateQueries({ queryKey: ['projects'] });
            void navigate(managePledgePath(project.id));
            return;
          }
          const message = backingError(i18n, error);
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
      <PledgeAmountInput
        currency={project.currency}
        label={i18n.t('backing.backDialog.amountLabel')}
        withAsterisk
        placeholder="25"
        value={amount}
        onChange={setTyped}
        error={hint && i18n.t(hint, hintValues)}
        description={minimumText}
        data-autofocus
      />
      <Radio.Group label={i18n.t('backing.backDialog.rewardLabel')} value={rewardId} onChange={setRewardId}>
        <ScrollArea.Autosize mah={280} mt="xs" type="auto">
          <Stack gap="xs" pr="xs">
            <Radio value={NO_REWARD} label={i18n.t('backing.backDialog.noReward')} />
            {available.map((reward) => (
              <Radio
                key={reward.id}
                value={String(reward.id)}
                label={i18n.t('backing.pledge.rewardOption', {
                  title: reward.title,
                  amount: i18n.money(reward.minimum_amount, reward.currency),
                })}
                description={
                  reward.remaining === null
                    ? reward.description
                    : i18n.t('backing.backDialog.rewardRemaining', {
                        count: reward.remaining,
                        description: reward.description,
                      })
                }
                styles={{ description: { overflowWrap: 'anywhere' } }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
      <AddOnPicker
        offered={offered}
        late={late}
        quantities={quantities}
        onChange={(next) => {
          setQuantities(next);
          // The amount follows the new minimum until the backer types one.
          setTyped(null);
        }}
      />
      {rewards.isError && (
        <Text size="sm" c="red">
          {i18n.t('backing.rewards.couldNotLoad')}
        </Text>
      )}
      {ships && (
        <ShippingAddressSection value={address} onChange={setAddress} notShippedThere={notShippedThere} />
      )}
      {!late && (
        <PayOverTimeChoice project={project} amount={value} checked={overTime} onChange={setOverTime} />
      )}
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={18} />}
        data-testid="charge-explanation"
      >
        {late
          ? i18n.t('backing.late.charge')
          : payOverTime
            ? i18n.t('backing.instalments.charge', { count: INSTALMENT_COUNT })
            : chargeExplanation(i18n, project, Number.isFinite(value) ? value : null)}
        {Number.isFinite(value) && value > 0 && (
          <>
            {' '}
            <Approximately amount={value} currency={project.currency} />
          </>
        )}
      </Alert>
      <Group justify="space-between" align="center" mt="sm">
        <Group gap={6} c="dimmed">
          <IconLock size={14} />
          <Text size="xs">
            {i18n.t(
              project.funding_model === 'flexible' || late
                ? 'backing.backDialog.payOnCheckout'
                : 'backing.backDialog.saveCardOnCheckout',
            )}
          </Text>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={back.isPending || redirecting}>
            {i18n.t('backing.dialog.cancel')}
          </Button>
          <Button onClick={confirm} disabled={!valid} loading={back.isPending || redirecting}>
            {i18n.t('backing.backDialog.continue')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
