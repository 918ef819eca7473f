import { Alert, Checkbox, Modal, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  REASON_MAX,
  SANCTION_MESSAGES,
  SUSPENSION_REASON_KEYS,
  SUSPENSION_REASONS,
  type SuspensionReason,
  todayUtc,
} from '@fundry/shared';
import { Button } from '@/components/primitives/buttons';
import { NativeSelect, TextInput } from '@/components/primitives/inputs';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type SanctionAction, useSanctionAction } from '../api/users';

export type SanctionDialogKind = 'silence' | 'suspend' | 'reinstate';

interface SanctionDialogProps {
  kind: SanctionDialogKind | null;
  userId: number;
  name: string;
  onClose: () => void;
}

/**
 * The dialogs of Silence (until a date, a reason, a message), Suspend (a reason, a message and a confirmation of
 * what follows) and Reinstate. The server checks everything again; its answer is shown as it comes.
 */
export function SanctionDialog({ kind, userId, name, onClose }: SanctionDialogProps) {
  const i18n = useI18n();
  const sanction = useSanctionAction();
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState<SuspensionReason>('other');
  const [message, setMessage] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reset = () => {
    setUntil('');
    setReason('other');
    setMessage('');
    setConfirmed(false);
    setErrors({});
    onClose();
  };
  const close = () => {
    if (!sanction.isPending) reset();
  };

  const submit = () => {
    const found: Record<string, string> = {};
    if (kind !== 'reinstate' && !message.trim()) found.message = i18n.t(SANCTION_MESSAGES.messageRequired);
    if (kind === 'silence' && !until) found.until = i18n.t(SANCTION_MESSAGES.untilRequired);
    setErrors(found);
    if (Object.keys(found).length > 0 || !kind) return;
    const request: SanctionAction =
      kind === 'silence'
        ? {
            action: 'silence',
            userId,
            // To the end of the chosen day, in UTC: the day the server counts on.
            body: { until: new Date(`${until}T23:59:59Z`).toISOString(), reason, message: message.trim() },
          }
        : kind === 'suspend'
          ? { action: 'suspend', userId, body: { reason, message: message.trim() } }
          : { action: 'reinstate', userId };
    sanction.mutate(request, {
      onSuccess: (response) => {
        notify.success(response.message);
        reset();
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.error(serverMessage(error) ?? i18n.t('admin.users.actionFailed'));
      },
    });
  };

  const title =
    kind === 'silence'
      ? 'admin.users.silence.title'
      : kind === 'suspend'
        ? 'admin.users.suspend.title'
        : 'admin.users.reinstate.title';
  const description =
    kind === 'silence'
      ? 'admin.users.silence.description'
      : kind === 'suspend'
        ? 'admin.users.suspend.description'
        : 'admin.users.reinstate.description';
  const confirmLabel =
    kind === 'silence'
      ? 'admin.users.actions.silence'
      : kind === 'suspend'
        ? 'admin.users.actions.suspend'
        : 'admin.users.actions.reinstate';

  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={<Text fw={700}>{i18n.t(title, { name })}</Text>}
      centered
      closeButtonProps={{ 'aria-label': i18n.t('common.actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{i18n.t(description, { name })}</Text>
          {kind === 'silence' && (
            <TextInput
              type="date"
              required
              // A silence runs to the end of a day (UTC), today's at the earliest.
              min={todayUtc()}
              label={i18n.t('admin.users.silence.until')}
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
              aria-invalid={errors.until ? true : undefined}
            />
          )}
          {errors.until && (
            <Text size="sm" c="red" role="alert">
              {errors.until}
            </Text>
          )}
          {kind !== 'reinstate' && kind !== null && (
            <>
              <NativeSelect
                label={i18n.t('admin.users.reasonLabel')}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value as SuspensionReason)}
                data={SUSPENSION_REASONS.map((value) => ({
                  value,
                  label: i18n.t(SUSPENSION_REASON_KEYS[value]),
                }))}
              />
              <Textarea
                label={i18n.t('admin.users.messageLabel')}
                description={i18n.t('admin.users.messageHint')}
                required
                autosize
                minRows={3}
                maxLength={REASON_MAX}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                error={errors.message}
              />
            </>
          )}
          {kind === 'suspend' && (
            <Alert color="red" variant="light">
              <Checkbox
                label={i18n.t('admin.users.suspend.confirm')}
                checked={confirmed}
                onChange={(event) => setConfirmed(event.currentTarget.checked)}
              />
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={sanction.isPending}>
              {i18n.t('common.actions.cancel')}
            </Button>
            <Button
              type="submit"
              color={kind === 'reinstate' ? 'teal' : 'red'}
              loading={sanction.isPending}
              disabled={kind === 'suspend' && !confirmed}
            >
              {i18n.t(confirmLabel)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
