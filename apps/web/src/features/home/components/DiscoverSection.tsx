import { Badge, Box, Card, Skeleton, ThemeIcon } from '@mantine/core';
import { SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DESCRIPTION_CUT, DISCOVERY_CARD_COUNT, withReferral } from '@fundry/shared';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { useI18n } from '@/lib/i18n';
import { discoverSlots, useDiscovery } from '../api/discovery';
import { HomeSectionHeading } from './HomeSectionHeading';

function ComingSoonCard() {
  const i18n = useI18n();
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      h="100%"
      component="article"
      aria-label={i18n.t('home.discover.comingSoon')}
      style={{ borderStyle: 'dashed', background: 'var(--mantine-color-gray-0)' }}
    >
      <Stack align="center" justify="center" gap="sm" h="100%" mih={320} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconHourglassHigh size={28} />
        </ThemeIcon>
        <Text fw={700}>{i18n.t('home.discover.comingSoon')}</Text>
        <Text size="sm" c="dimmed">
          {i18n.t('home.discover.comingSoonText')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Home's Discover section: five cards, featured first, then trending, then Coming Soon placeholders. */
export function DiscoverSection() {
  const discovery = useDiscovery();
  const i18n = useI18n();

  useEffect(() => {
    // Without picks the section still shows its placeholders; the failure is logged only.
    if (discovery.error) console.warn('Could not load the discovery projects', discovery.error);
  }, [discovery.error]);

  const slots = discovery.isPending
    ? null
    : discoverSlots(discovery.data?.featured, discovery.data?.trending);

  return (
    <section aria-labelledby="discover-heading">
      <HomeSectionHeading
        id="discover-heading"
        title={i18n.t('home.discover.title')}
        intro={i18n.t('home.discover.intro')}
        viewAll={i18n.t('home.discover.viewAll')}
        to="/projects/explore"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="md" verticalSpacing="lg">
        {slots
          ? slots.map((slot, index) =>
              slot.kind === 'project' ? (
                <Box key={slot.project.id} pos="relative" h="100%">
                  {slot.project.featured && (
                    <Badge pos="absolute" top={10} color="grape" style={{ insetInlineStart: 10, zIndex: 1 }}>
                      {i18n.t('home.discover.featured')}
                    </Badge>
                  )}
                  <ProjectCard
                    // Under the hero on a phone's first screen: its picture is fetched at once, not when it nears it.
                    first={index === 0}
                    project={slot.project}
                    href={withReferral(`/projects/${slot.project.id}`, 'home')}
                    descriptionLength={DESCRIPTION_CUT.discovery}
                    showStatus={false}
                  />
                </Box>
              ) : (
                <ComingSoonCard key={slot.key} />
              ),
            )
          : Array.from({ length: DISCOVERY_CARD_COUNT }, (_, index) => (
              <Skeleton key={index} height={360} radius="lg" aria-hidden />
            ))}
      </SimpleGrid>
    </section>
  );
}
