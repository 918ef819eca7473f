import { AspectRatio, Box, Image, Stack, Tabs, Text } from '@mantine/core';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import { mediaUrl, type Project, videoEmbed } from '@fundry/shared';

function VideoPlayer({ url, title, poster }: { url: string; title: string; poster: string | null }) {
  const embed = videoEmbed(url);
  return (
    <AspectRatio ratio={16 / 9}>
      {embed ? (
        <iframe
          src={embed.embedUrl}
          title={`${title} video`}
          style={{ border: 0, borderRadius: 'var(--mantine-radius-lg)' }}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <video
          src={mediaUrl(url) ?? undefined}
          poster={poster ?? undefined}
          controls
          preload="metadata"
          aria-label={`${title} video`}
          style={{ borderRadius: 'var(--mantine-radius-lg)', background: 'black' }}
        />
      )}
    </AspectRatio>
  );
}

function ProjectImage({ src, title }: { src: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Image src={src} alt={title} radius="lg" fit="cover" />
    </AspectRatio>
  );
}

function Placeholder() {
  return (
    <AspectRatio ratio={16 / 9}>
      <Box
        style={{
          borderRadius: 'var(--mantine-radius-lg)',
          background: 'linear-gradient(135deg, var(--mantine-color-teal-0), var(--mantine-color-cyan-1))',
        }}
      >
        <Stack align="center" justify="center" h="100%" gap={6}>
          <IconPhoto size={48} stroke={1.2} color="var(--mantine-color-teal-5)" aria-hidden />
          <Text c="dimmed" size="sm">
            No image or video yet
          </Text>
        </Stack>
      </Box>
    </AspectRatio>
  );
}

/**
 * The project's video if it has one, else its image; tabs switch between them when there are both
 * (SPEC §2). YouTube and Vimeo links play in their embedded player, uploaded files in the native one.
 */
export function ProjectMedia({ project }: { project: Project }) {
  const image = mediaUrl(project.image_url);
  const video = project.video_url;
  if (video && image) {
    return (
      <Tabs defaultValue="video" variant="pills" radius="xl">
        <Tabs.List mb="sm">
          <Tabs.Tab value="video" leftSection={<IconMovie size={16} />}>
            Video
          </Tabs.Tab>
          <Tabs.Tab value="image" leftSection={<IconPhoto size={16} />}>
            Image
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="video">
          <VideoPlayer url={video} title={project.title} poster={image} />
        </Tabs.Panel>
        <Tabs.Panel value="image">
          <ProjectImage src={image} title={project.title} />
        </Tabs.Panel>
      </Tabs>
    );
  }
  if (video) return <VideoPlayer url={video} title={project.title} poster={null} />;
  if (image) return <ProjectImage src={image} title={project.title} />;
  return <Placeholder />;
}
