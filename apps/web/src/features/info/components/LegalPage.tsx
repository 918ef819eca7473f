import { List } from '@mantine/core';
import { Anchor, Container, Stack, Text, Title } from '@/components/primitives/primitives';
import { type ReactNode, useMemo } from 'react';
import { Link } from '@/lib/router';
import { PageHero } from '@/components/PageHero';
import { Rich, useI18n } from '@/lib/i18n';

/** A numbered section: its title and each paragraph or point are catalog keys. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs?: string[];
  points?: string[];
}

/** The pages a legal text links to, by the tag its messages wrap the link text in. */
const LINKS: Record<string, (text: string) => ReactNode> = {
  settings: (text) => (
    <Anchor component={Link} to="/settings">
      {text}
    </Anchor>
  ),
  privacy: (text) => (
    <Anchor component={Link} to="/privacy">
      {text}
    </Anchor>
  ),
  faqs: (text) => (
    <Anchor component={Link} to="/faqs">
      {text}
    </Anchor>
  ),
};

/** Terms and Privacy share one shape: a hero, then numbered sections a person can link to. */
export function LegalPage({
  title,
  subtitle,
  updated,
  sections,
}: {
  title: string;
  subtitle: string;
  /** The month the text last changed, `YYYY-MM`. */
  updated: string;
  sections: LegalSection[];
}) {
  const i18n = useI18n();
  const month = useMemo(() => {
    const [year, monthNumber] = updated.split('-').map(Number);
    return i18n.formatDate(new Date(year!, monthNumber! - 1), 'monthYear');
  }, [i18n, updated]);
  return (
    <>
      <PageHero title={title} subtitle={subtitle} />
      <Container size="md" py={56}>
        <Stack gap={40}>
          <Text size="sm" c="dimmed">
            {i18n.t('info.legal.lastUpdated', { date: month })}
          </Text>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <Title id={`${section.id}-heading`} order={2} fz={{ base: 22, sm: 26 }} mb="sm">
                {i18n.t('info.legal.sectionHeading', { number: index + 1, title: i18n.t(section.title) })}
              </Title>
              <Stack gap="sm">
                {section.paragraphs?.map((paragraph) => (
                  <Text key={paragraph}>
                    <Rich id={paragraph} tags={LINKS} />
                  </Text>
                ))}
                {section.points && (
                  <List spacing={6}>
                    {section.points.map((point) => (
                      <List.Item key={point}>
                        <Rich id={point} tags={LINKS} />
                      </List.Item>
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
