import { List, Modal, ThemeIcon } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useDisclosure } from '@mantine/hooks';
import { IconBulb, IconCheck } from '@tabler/icons-react';
import { useI18n } from '@/lib/i18n';

/** The eight tips of the dialog (SPEC §2), each a title and a text. */
const GUIDELINES = [
  { title: 'projects.guidelines.clearTitle.title', text: 'projects.guidelines.clearTitle.text' },
  { title: 'projects.guidelines.realisticGoal.title', text: 'projects.guidelines.realisticGoal.text' },
  {
    title: 'projects.guidelines.detailedDescription.title',
    text: 'projects.guidelines.detailedDescription.text',
  },
  { title: 'projects.guidelines.qualityMedia.title', text: 'projects.guidelines.qualityMedia.text' },
  { title: 'projects.guidelines.risks.title', text: 'projects.guidelines.risks.text' },
  { title: 'projects.guidelines.timeline.title', text: 'projects.guidelines.timeline.text' },
  { title: 'projects.guidelines.audience.title', text: 'projects.guidelines.audience.text' },
  { title: 'projects.guidelines.marketing.title', text: 'projects.guidelines.marketing.text' },
] as const;

/** 'View Project Guidelines': eight tips for a campaign that backers trust (SPEC §2). */
export function GuidelinesButton() {
  const i18n = useI18n();
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconBulb size={18} />} onClick={dialog.open}>
        {i18n.t('projects.guidelines.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={<Text fw={700}>{i18n.t('projects.guidelines.title')}</Text>}
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {i18n.t('projects.guidelines.intro')}
          </Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {GUIDELINES.map((tip) => (
              <List.Item key={tip.title}>
                <Text fw={600} size="sm">
                  {i18n.t(tip.title)}
                </Text>
                <Text size="sm" c="dimmed">
                  {i18n.t(tip.text)}
                </Text>
              </List.Item>
            ))}
          </List>
          <Button onClick={dialog.close} style={{ alignSelf: 'flex-end' }}>
            {i18n.t('projects.guidelines.close')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
