import { Alert, Box } from '@mantine/core';
import { Text } from '@/components/primitives/primitives';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { videoEmbed } from '@fundry/shared';
import { Rich, useI18n } from '@/lib/i18n';

/** Media previews on the form are at most 300 by 200 pixels (SPEC §2). */
export const PREVIEW_MAX = { width: 300, height: 200 } as const;

function PreviewFailure({ kind, path, at }: { kind: 'image' | 'video'; path: string; at: Date }) {
  const i18n = useI18n();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={i18n.t(kind === 'image' ? 'projects.preview.imageFailed' : 'projects.preview.videoFailed')}
      maw={PREVIEW_MAX.width + 120}
    >
      <Text size="xs">
        <Rich
          id="projects.preview.failedAt"
          values={{ at, path }}
          tags={{ code: (text) => <code style={{ wordBreak: 'break-all' }}>{text}</code> }}
        />
      </Text>
    </Alert>
  );
}

function Preview({ kind, src, path }: { kind: 'image' | 'video'; src: string; path: string }) {
  const i18n = useI18n();
  const [failedAt, setFailedAt] = useState<Date | null>(null);
  if (failedAt) return <PreviewFailure kind={kind} path={path} at={failedAt} />;
  const fail = () => setFailedAt(new Date());
  const box = { maxWidth: PREVIEW_MAX.width, maxHeight: PREVIEW_MAX.height, borderRadius: 8 };

  if (kind === 'image') {
    return (
      <img
        src={src}
        alt={i18n.t('projects.preview.imageAlt')}
        style={{ ...box, display: 'block' }}
        onError={fail}
      />
    );
  }
  const embed = videoEmbed(src);
  if (embed) {
    return (
      <Box w={PREVIEW_MAX.width} h={PREVIEW_MAX.height} style={{ maxWidth: '100%' }}>
        <iframe
          src={embed.embedUrl}
          title={i18n.t('projects.preview.videoAlt')}
          width={PREVIEW_MAX.width}
          height={PREVIEW_MAX.height}
          style={{ border: 0, borderRadius: 8, maxWidth: '100%' }}
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </Box>
    );
  }
  return (
    <video
      src={src}
      controls
      preload="metadata"
      aria-label={i18n.t('projects.preview.videoAlt')}
      style={{ ...box, display: 'block', width: PREVIEW_MAX.width }}
      onError={fail}
    />
  );
}

/**
 * A preview of the project's image or video; when it cannot load it says so, with the time and the path.
 * `path` is what the person recognises (a file name or the address); `src` is what the browser loads.
 */
export function MediaPreview({ kind, src, path }: { kind: 'image' | 'video'; src: string; path?: string }) {
  return <Preview key={src} kind={kind} src={src} path={path ?? src} />;
}
