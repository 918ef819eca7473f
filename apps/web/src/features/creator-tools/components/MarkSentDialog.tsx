import { Modal, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useState } from 'react';
import { trackingUrl as trackingUrlSchema } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';

/**
 * Before rewards are marked sent: how many, and an optional tracking link (https, checked by the shared schema the
 * server applies) that every backer marked now receives (DESIGN.md §17).
 */
export function MarkSentDialog({
  count,
  opened,
  loading,
  onConfirm,
  onClose,
}: {
  count: number;
  opened: boolean;
  loading: boolean;
  onConfirm: (trackingUrl: string | undefined) => void;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (loading) return;
    setLink('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (loading) return;
    if (link.trim() === '') {
      onConfirm(undefined);
      return;
    }
    const parsed = trackingUrlSchema.safeParse(link);
    if (!parsed.success) {
      setError(i18n.t(parsed.error.issues[0]?.message ?? 'msg.tools.trackingUrlInvalid'));
      return;
    }
    onConfirm(parsed.data);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{i18n.t('creatorTools.backers.sendTitle', { count })}</Text>}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': i18n.t('common.actions.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{i18n.t('creatorTools.backers.sendBody', { count })}</Text>
          <TextInput
            type="url"
            inputMode="url"
            dir="ltr"
            label={i18n.t('creatorTools.backers.trackingUrl')}
            description={i18n.t('creatorTools.backers.trackingUrlHint')}
            value={link}
            error={error}
            onChange={(event) => {
              setLink(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              {i18n.t('common.actions.cancel')}
            </Button>
            <Button type="submit" color="teal" loading={loading}>
              {i18n.t('creatorTools.backers.sendConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
