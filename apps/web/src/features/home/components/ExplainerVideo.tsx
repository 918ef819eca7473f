import { AspectRatio, Center, ThemeIcon } from '@mantine/core';
import { Paper, Stack, Text } from '@/components/primitives/primitives';
import { UnstyledButton } from '@/components/primitives/buttons';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n } from '@/lib/i18n';

const EMBED_URL = 'https://www.youtube-nocookie.com/embed/ZXsQAXx_ao0?autoplay=1';

/** The player loads only when asked for, so the home page stays light and makes no third-party calls. */
export function ExplainerVideo() {
  const [playing, setPlaying] = useState(false);
  const i18n = useI18n();
  return (
    <AspectRatio ratio={16 / 9}>
      {playing ? (
        <iframe
          src={EMBED_URL}
          title={i18n.t('home.video.title')}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          style={{ border: 0, borderRadius: 12 }}
        />
      ) : (
        // Its name is the text it shows (WCAG 2.5.3): "Watch: Fundry in two minutes".
        <UnstyledButton onClick={() => setPlaying(true)}>
          <Paper
            radius="lg"
            h="100%"
            style={{
              background: 'linear-gradient(135deg, var(--mantine-color-dark-7), var(--mantine-color-teal-9))',
            }}
          >
            <Center h="100%">
              <Stack align="center" gap="sm">
                <ThemeIcon size={72} radius={72} color="white" variant="white">
                  <IconPlayerPlayFilled size={32} color="var(--mantine-color-teal-8)" />
                </ThemeIcon>
                <Text c="white" fw={600}>
                  {i18n.t('home.video.watch')}
                </Text>
              </Stack>
            </Center>
          </Paper>
        </UnstyledButton>
      )}
    </AspectRatio>
  );
}
