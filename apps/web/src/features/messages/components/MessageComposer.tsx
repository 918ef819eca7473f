import { Textarea } from '@mantine/core';
import { Group, Stack } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { CONVERSATION_MESSAGES, MESSAGE_BODY_MAX } from '@fundry/shared';
import { fieldErrors } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';

/**
 * A message's text box and Send: checked here as the server checks it (1–5,000 characters once trimmed), and the
 * server's own field message shown when it refuses. `onSend` resolves once sent, which empties the box.
 */
export function MessageComposer({
  label,
  sendLabel,
  loading,
  onSend,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  sendLabel: string;
  loading: boolean;
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const i18n = useI18n();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setError(i18n.t(CONVERSATION_MESSAGES.bodyRequired));
      return;
    }
    try {
      await onSend(text);
      setBody('');
      setError(null);
    } catch (failure) {
      setError(fieldErrors(failure).body ?? null);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Textarea
          label={label}
          description={i18n.t('messages.composer.count', { count: body.length, max: MESSAGE_BODY_MAX })}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={MESSAGE_BODY_MAX}
          value={body}
          error={error}
          data-autofocus={autoFocus || undefined}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={loading}>
              {i18n.t('common.actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={loading} leftSection={<IconSend size={16} />}>
            {sendLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
