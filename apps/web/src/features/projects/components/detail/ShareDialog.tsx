import { Modal, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useClipboard } from '@mantine/hooks';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandTwitter,
  IconCheck,
  IconCopy,
} from '@tabler/icons-react';
import { type ShareInfo, TIMINGS_MS } from '@fundry/shared';
import { Rich, useI18n } from '@/lib/i18n';

/** The sites by their own names, which no language translates. */
const SOCIAL = [
  { key: 'twitter', name: 'Twitter', icon: IconBrandTwitter, color: 'dark' },
  { key: 'facebook', name: 'Facebook', icon: IconBrandFacebook, color: 'blue' },
  { key: 'linkedin', name: 'LinkedIn', icon: IconBrandLinkedin, color: 'indigo' },
] as const;

/** The share dialog: the link with a Copy button (a copied mark for 2 seconds) and three social sites. */
export function ShareDialog({
  info,
  opened,
  onClose,
}: {
  info: ShareInfo | null;
  opened: boolean;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const clipboard = useClipboard({ timeout: TIMINGS_MS.shareCopied });
  return (
    // The Share button takes focus back itself (it is disabled, so not focused, when the dialog opens).
    <Modal
      opened={opened}
      onClose={onClose}
      title={i18n.t('projects.share.dialogTitle')}
      centered
      returnFocus={false}
    >
      {info && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Rich
              id="projects.share.tellFriends"
              values={{ title: info.title }}
              tags={{ strong: (text) => <strong>{text}</strong> }}
            />
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={i18n.t('projects.share.link')}
              value={info.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <Button
              color={clipboard.copied ? 'teal' : undefined}
              leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => clipboard.copy(info.url)}
              miw={104}
            >
              {i18n.t(clipboard.copied ? 'projects.share.copied' : 'projects.share.copy')}
            </Button>
          </Group>
          <Text size="xs" c={clipboard.error ? 'red' : 'teal'} role="status" mih={18}>
            {clipboard.copied
              ? i18n.t('projects.share.copiedStatus')
              : clipboard.error
                ? i18n.t('projects.share.copyFailed')
                : ''}
          </Text>
          <div>
            <Text size="sm" fw={600} mb="xs">
              {i18n.t('projects.share.shareOn')}
            </Text>
            <Group gap="sm">
              {SOCIAL.map(({ key, name, icon: Icon, color }) => (
                <Button
                  key={key}
                  component="a"
                  href={info.social_links[key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  color={color}
                  leftSection={<Icon size={18} />}
                >
                  {name}
                </Button>
              ))}
            </Group>
          </div>
        </Stack>
      )}
    </Modal>
  );
}
