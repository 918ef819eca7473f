import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { formatDollars, hasAtMostTwoDecimals, TIMINGS_MS } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { isInsufficientFunds, useRequestPayout } from '../api/payouts';
import { PAYOUT_UI_MESSAGES } from './messages';

type Stage = 'entry' | 'processing' | 'success';

/** The amount's problem (SPEC §5: above 0, at most what is available), or null when it may be requested. */
export function payoutAmountError(text: string, available: number): string | null {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount) || amount <= 0) return PAYOUT_UI_MESSAGES.invalidAmount;
  if (!hasAtMostTwoDecimals(amount)) return PAYOUT_UI_MESSAGES.decimals;
  if (amount > available) return PAYOUT_UI_MESSAGES.overAvailable;
  return null;
}

function failureMessage(error: unknown): string {
  if (isInsufficientFunds(error)) return PAYOUT_UI_MESSAGES.insufficientFunds;
  return serverMessage(error) ?? PAYOUT_UI_MESSAGES.requestFailed;
}

/**
 * The request-payout dialog: entry, processing, success that closes itself after 2 seconds (SPEC §4). The
 * opener gives each opening a new key, so every opening starts afresh, prefilled with all that is available.
 */
export function PayoutRequestDialog({
  projectId,
  available,
  opened,
  onClose,
}: {
  projectId: number;
  available: number;
  opened: boolean;
  onClose: () => void;
}) {
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
    const problem = payoutAmountError(amount, available);
    setError(problem);
    if (problem) return;
    setFailure(null);
    setStage('processing');
    request.mutate(Number(amount), {
      onSuccess: (response) => {
        setStage('success');
        notify.success(response.message || PAYOUT_UI_MESSAGES.requested);
      },
      onError: (cause) => {
        setStage('entry');
        setFailure(failureMessage(cause));
        notify.error(PAYOUT_UI_MESSAGES.requestFailed);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Request Payout</Text>}
      centered
      radius="lg"
      closeOnClickOutside={stage !== 'processing'}
      closeOnEscape={stage !== 'processing'}
      withCloseButton={stage !== 'processing'}
    >
      {stage === 'processing' && (
        <Stack align="center" gap="sm" py="lg" role="status">
          <Loader />
          <Text>Processing your payout request…</Text>
        </Stack>
      )}
      {stage === 'success' && (
        <Stack align="center" gap="sm" py="lg" role="status">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Text fw={600}>{PAYOUT_UI_MESSAGES.requested}</Text>
          <Text size="sm" c="dimmed">
            The funds are on their way to your bank account.
          </Text>
        </Stack>
      )}
      {stage === 'entry' && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Available for payout: <strong>{formatDollars(available, 2)}</strong>
            </Text>
            {failure && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="Amount (USD)"
              type="number"
              inputMode="decimal"
              min={1}
              step="0.01"
              max={available}
              leftSection="$"
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Request Payout</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
