import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandTwitter,
  IconCheck,
  IconCopy,
} from '@tabler/icons-react';
import { type ShareInfo, TIMINGS_MS } from '@fundry/shared';

const SOCIAL = [
  { key: 'twitter', label: 'Twitter', icon: IconBrandTwitter, color: 'dark' },
  { key: 'facebook', label: 'Facebook', icon: IconBrandFacebook, color: 'blue' },
  { key: 'linkedin', label: 'LinkedIn', icon: IconBrandLinkedin, color: 'indigo' },
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
  const clipboard = useClipboard({ timeout: TIMINGS_MS.shareCopied });
  return (
    // The Share button takes focus back itself (it is disabled, so not focused, when the dialog opens).
    <Modal opened={opened} onClose={onClose} title="Share this project" centered returnFocus={false}>
      {info && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell your friends about <strong>{info.title}</strong>.
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Project link"
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
              {clipboard.copied ? 'Copied!' : 'Copy'}
            </Button>
          </Group>
          <Text size="xs" c={clipboard.error ? 'red' : 'teal'} role="status" mih={18}>
            {clipboard.copied
              ? 'Link copied to the clipboard'
              : clipboard.error
                ? 'Could not copy: select the link and copy it yourself'
                : ''}
          </Text>
          <div>
            <Text size="sm" fw={600} mb="xs">
              Share on
            </Text>
            <Group gap="sm">
              {SOCIAL.map(({ key, label, icon: Icon, color }) => (
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
                  {label}
                </Button>
              ))}
            </Group>
          </div>
        </Stack>
      )}
    </Modal>
  );
}
