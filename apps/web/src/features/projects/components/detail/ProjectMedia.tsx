import { AspectRatio, Box, Image, ThemeIcon } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { UnstyledButton } from '@/components/primitives/buttons';
import { IconPhoto, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { mediaUrl, type Project, videoEmbed, type VideoEmbed } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import classes from './ProjectMedia.module.css';

/** The cover's intrinsic size: the browser reserves its box before the image arrives. */
const COVER_WIDTH = 1280;
const COVER_HEIGHT = 720;

function Cover({ src, title }: { src: string; title: string }) {
  return (
    <Image
      src={src}
      alt={title}
      radius="lg"
      fit="cover"
      w="100%"
      h="100%"
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      // The largest thing above the fold: fetched before the page's other images.
      fetchPriority="high"
    />
  );
}

/**
 * A YouTube or Vimeo video as its cover, a play button and its title: the player (and the third party behind
 * it) loads only when the visitor asks for it.
 */
function VideoFacade({ embed, title, cover }: { embed: VideoEmbed; title: string; cover: string | null }) {
  const i18n = useI18n();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={`${embed.embedUrl}?autoplay=1`}
        title={i18n.t('projects.media.videoTitle', { title })}
        className={classes.frame}
        allow="autoplay; accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    <UnstyledButton className={classes.facade} onClick={() => setPlaying(true)}>
      {cover ? <Cover src={cover} title="" /> : <Box className={classes.blank} />}
      <Stack className={classes.overlay} align="center" justify="center" gap="sm">
        <ThemeIcon size={72} radius={72} color="white" variant="white" aria-hidden>
          <IconPlayerPlayFilled size={32} color="var(--mantine-color-teal-8)" />
        </ThemeIcon>
        {/* Its name is the text it shows (WCAG 2.5.3). */}
        <Text c="white" fw={600} className={classes.caption}>
          {i18n.t('projects.media.play', { title })}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

function Placeholder() {
  const i18n = useI18n();
  return (
    <Box className={classes.blank}>
      <Stack align="center" justify="center" h="100%" gap={6}>
        <IconPhoto size={48} stroke={1.2} color="var(--mantine-color-teal-5)" aria-hidden />
        <Text c="dimmed" size="sm">
          {i18n.t('projects.media.none')}
        </Text>
      </Stack>
    </Box>
  );
}

function Media({ project }: { project: Project }) {
  const i18n = useI18n();
  const image = mediaUrl(project.image_url);
  const video = project.video_url;
  const embed = videoEmbed(video);
  if (embed) return <VideoFacade embed={embed} title={project.title} cover={image} />;
  if (video) {
    // An uploaded file plays from our own server; only its poster loads until the visitor presses play.
    return (
      <video
        src={mediaUrl(video) ?? undefined}
        poster={image ?? undefined}
        controls
        preload="none"
        aria-label={i18n.t('projects.media.videoTitle', { title: project.title })}
        className={classes.frame}
      />
    );
  }
  if (image) return <Cover src={image} title={project.title} />;
  return <Placeholder />;
}

/** The project's video if it has one (its image as the cover), else its image (SPEC §2). */
export function ProjectMedia({ project }: { project: Project }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Media project={project} />
    </AspectRatio>
  );
}
