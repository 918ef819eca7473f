import { Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHero } from '@/components/PageHero';

export interface LegalSection {
  id: string;
  title: string;
  paragraphs?: ReactNode[];
  points?: ReactNode[];
}

/** Terms and Privacy share one shape: a hero, then numbered sections a person can link to. */
export function LegalPage({
  title,
  subtitle,
  updated,
  sections,
}: {
  title: string;
  subtitle: string;
  /** When the text last changed, as a person reads it. */
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero title={title} subtitle={subtitle} />
      <Container size="md" py={56}>
        <Stack gap={40}>
          <Text size="sm" c="dimmed">
            Last updated {updated}.
          </Text>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <Title id={`${section.id}-heading`} order={2} fz={{ base: 22, sm: 26 }} mb="sm">
                {index + 1}. {section.title}
              </Title>
              <Stack gap="sm">
                {section.paragraphs?.map((paragraph, i) => (
                  <Text key={i}>{paragraph}</Text>
                ))}
                {section.points && (
                  <List spacing={6}>
                    {section.points.map((point, i) => (
                      <List.Item key={i}>{point}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            </section>
          ))}
        </Stack>
      </Container>
    </>
  );
}
