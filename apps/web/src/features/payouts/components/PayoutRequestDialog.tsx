import { Alert, Loader, Modal, TextInput, ThemeIcon } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { hasValidDecimals, PAYOUT_MESSAGES, TIMINGS_MS, type Translator } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { Rich, useI18n } from '@/lib/i18n';
import { amountInputProps } from '@/lib/money';
import { notify } from '@/lib/notify';
import { isInsufficientFunds, useRequestPayout } from '../api/payouts';

type Stage = 'entry' | 'processing' | 'success';

/**
 * The amount's problem as a message key (SPEC §5: above 0, at most what is available), or null when it may be
 * requested.
 */
export function payoutAmountError(text: string, available: number, currency: string): string | null {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount) || amount <= 0) return PAYOUT_MESSAGES.invalidAmount;
  if (!hasValidDecimals(amount, currency)) return PAYOUT_MESSAGES.decimals;
  if (amount > available) return PAYOUT_MESSAGES.overAvailable;
  return null;
}

function failureMessage(i18n: Translator, error: unknown): string {
  if (isInsufficientFunds(error)) return i18n.t('payouts.request.insufficientFunds');
  return serverMessage(error) ?? i18n.t('payouts.request.failed');
}

/**
 * The request-payout dialog: entry, processing, success that closes itself after 2 seconds (SPEC §4). The
 * opener gives each opening a new key, so every opening starts afresh, prefilled with all that is available.
 */
export function PayoutRequestDialog({
  projectId,
  available,
  currency,
  opened,
  onClose,
}: {
  projectId: number;
  available: number;
  currency: string;
  opened: boolean;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const input = amountInputProps(i18n, currency);
  const request = useRequestPayout(projectId);
  const [stage, setStage] = useState<Stage>('entry');
  const [amount, setAmount] = useState(String(available));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (stage !== 'success') return;
    const timer = setTimeout(onClose, TIMINGS_MS.payoutSuccessClose);
    return () => clearTimeout(timer);
  }, [stage, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = payoutAmountError(amount, available, currency);
    setError(problem);
    if (problem) return;
    setFailure(null);
    setStage('processing');
    request.mutate(Number(amount), {
      onSuccess: (response) => {
        setStage('success');
        notify.success(response.message || i18n.t(PAYOUT_MESSAGES.requested));
      },
      onError: (cause) => {
        setStage('entry');
        setFailure(failureMessage(i18n, cause));
        notify.error(i18n.t('payouts.request.failed'));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{i18n.t('payouts.request.title')}</Text>}
      centered
      radius="lg"
      closeOnClickOutside={stage !== 'processing'}
      closeOnEscape={stage !== 'processing'}
      withCloseButton={stage !== 'processing'}
    >
      {stage === 'processing' && (
        <Stack align="center" gap="sm" py="lg" role="status">
          <Loader />
          <Text>{i18n.t('payouts.request.processing')}</Text>
        </Stack>
      )}
      {stage === 'success' && (
        <Stack align="center" gap="sm" py="lg" role="status">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Text fw={600}>{i18n.t(PAYOUT_MESSAGES.requested)}</Text>
          <Text size="sm" c="dimmed">
            {i18n.t('payouts.request.onTheWay')}
          </Text>
        </Stack>
      )}
      {stage === 'entry' && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              <Rich
                id="payouts.request.available"
                values={{ amount: i18n.money(available, currency) }}
                tags={{ strong: (text) => <strong>{text}</strong> }}
              />
            </Text>
            {failure && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label={i18n.t('payouts.request.amountLabel')}
              type="number"
              inputMode="decimal"
              min={1}
              step={input.step}
              max={available}
              leftSection={input.leftSection}
              leftSectionProps={input.leftSectionProps}
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setError(null);
              }}
              error={error && i18n.t(error)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {i18n.t('payouts.request.cancel')}
              </Button>
              <Button type="submit">{i18n.t('payouts.request.title')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
