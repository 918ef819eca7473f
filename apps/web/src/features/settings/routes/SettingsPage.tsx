import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { SETTINGS_CURRENCIES, SETTINGS_LANGUAGES, TIMINGS_MS } from '@fundry/shared';

const LANGUAGE_NAMES: Record<(typeof SETTINGS_LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

/** Static settings (SPEC §2): nothing is sent to a server; Save only shows a success alert for 3 seconds. */
export function SettingsPage() {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), TIMINGS_MS.settingsFakeSave);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <Container size="md" py={40}>
      <Title order={1} mb="lg">
        Settings
      </Title>
      {saved && (
        <Alert color="teal" icon={<IconCheck size={18} />} mb="md" title="Settings saved">
          Your settings have been saved successfully.
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Tabs defaultValue="general">
          <Tabs.List mb="lg">
            <Tabs.Tab value="general">General</Tabs.Tab>
            <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
            <Tabs.Tab value="security">Security</Tabs.Tab>
            <Tabs.Tab value="payments">Payments</Tabs.Tab>
            <Tabs.Tab value="privacy">Privacy</Tabs.Tab>
            <Tabs.Tab value="api">API Settings</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="general">
            <Section title="General" description="Language and display preferences.">
              <Select
                label="Language"
                data={SETTINGS_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                defaultValue="en"
                allowDeselect={false}
              />
              <Select
                label="Currency"
                data={[...SETTINGS_CURRENCIES]}
                defaultValue="USD"
                allowDeselect={false}
              />
              <Select
                label="Time zone"
                data={['UTC', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo']}
                defaultValue="UTC"
                allowDeselect={false}
              />
            </Section>
          </Tabs.Panel>

          <Tabs.Panel value="notifications">
            <Section title="Notifications" description="Choose what we tell you about.">
              <Switch label="E-mail me when someone backs my project" defaultChecked />
              <Switch label="E-mail me when a project I backed reaches its goal" defaultChecked />
              <Switch label="Weekly digest of projects I might like" />
              <Switch label="Product news and tips" />
            </Section>
          </Tabs.Panel>

          <Tabs.Panel value="security">
            <Section title="Security" description="Keep your account safe.">
              <Switch label="Alert me about sign-ins from new devices" defaultChecked />
              <Switch label="Ask for my password before changing payout details" defaultChecked />
              <Text size="sm" c="dimmed">
                Password, two-factor sign-in and account deletion are on your Profile page under Account
                Settings.
              </Text>
            </Section>
          </Tabs.Panel>

          <Tabs.Panel value="payments">
            <Section title="Payments" description="How you pay and get paid.">
              <Select
                label="Preferred currency"
                data={[...SETTINGS_CURRENCIES]}
                defaultValue="USD"
                allowDeselect={false}
              />
              <Switch label="Send me a receipt for every pledge" defaultChecked />
            </Section>
          </Tabs.Panel>

          <Tabs.Panel value="privacy">
            <Section title="Privacy" description="What others can see about you.">
              <Switch label="Show my backed projects on my public profile" defaultChecked />
              <Switch label="Show my location on my public profile" defaultChecked />
              <Switch label="Let creators of projects I back contact me" />
            </Section>
          </Tabs.Panel>

          <Tabs.Panel value="api">
            <Section title="API Settings" description="Access for your own tools.">
              <TextInput label="Webhook URL" placeholder="https://example.com/hooks/fundry" />
              <Switch label="Enable developer access" />
            </Section>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" mt="xl">
          <Button onClick={() => setSaved(true)}>Save Changes</Button>
        </Group>
      </Paper>
    </Container>
  );
}
