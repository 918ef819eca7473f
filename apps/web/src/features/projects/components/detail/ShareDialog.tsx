import { Modal, Textarea, TextInput } from '@mantine/core';
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

/** The card's frame, as the oEmbed answer gives it (DESIGN.md §19). */
const EMBED_SIZE = { width: 360, height: 440 };

/** The code another site pastes to show the card: an iframe, nothing else. */
export function embedCode(embedUrl: string, title: string) {
  const escaped = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${embedUrl}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" title="${escaped}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** "Embed": the card's code with a Copy button, and the card itself as it will look. */
function EmbedSection({ embedUrl, title }: { embedUrl: string; title: string }) {
  const i18n = useI18n();
  const clipboard = useClipboard({ timeout: TIMINGS_MS.shareCopied });
  const frameTitle = i18n.t('embed.documentTitle', { title });
  const code = embedCode(embedUrl, frameTitle);
  return (
    <Stack gap="xs" component="section" aria-labelledby="share-embed-title">
      <Text size="sm" fw={600} id="share-embed-title">
        {i18n.t('projects.share.embed')}
      </Text>
      <Text size="xs" c="dimmed">
        {i18n.t('projects.share.embedExplain')}
      </Text>
      <Textarea
        label={i18n.t('projects.share.embedCode')}
        value={code}
        readOnly
        autosize
        minRows={3}
        dir="ltr"
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          color={clipboard.copied ? 'teal' : undefined}
          leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={() => clipboard.copy(code)}
        >
          {i18n.t(clipboard.copied ? 'projects.share.copied' : 'projects.share.copyEmbed')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {i18n.t('projects.share.embedPreview')}
      </Text>
      <iframe
        src={`${embedUrl}?lang=${i18n.locale}`}
        title={frameTitle}
        width={EMBED_SIZE.width}
        height={EMBED_SIZE.height}
        loading="lazy"
        style={{ border: 0, maxWidth: '100%', alignSelf: 'center' }}
      />
    </Stack>
  );
}

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
          {info.embed_url && <EmbedSection embedUrl={info.embed_url} title={info.title} />}
        </Stack>
      )}
    </Modal>
  );
}
