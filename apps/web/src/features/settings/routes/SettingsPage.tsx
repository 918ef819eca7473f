import { Alert, List, Skeleton, Switch } from '@mantine/core';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconLock, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { MAIL_PREFERENCE_LABELS, MAIL_PREFERENCES, type Preferences } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { Rich, useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useStoredAccessToken } from '@/lib/session';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { DownloadDataCard } from '../components/DownloadDataCard';
import { LanguageMenu } from '../components/LanguageMenu';

/** Catalog keys. */
export const SETTINGS_MESSAGES = {
  saved: 'settings.email.saved',
  saveFailed: 'settings.email.saveFailed',
  loadFailed: 'settings.email.loadFailed',
} as const;

/** The four switches, saved to the server with one button; the form starts from what the server holds. */
function EmailPreferencesForm({ saved }: { saved: Preferences }) {
  const i18n = useI18n();
  const [draft, setDraft] = useState(saved);
  const save = useSavePreferences();
  const changed = MAIL_PREFERENCES.some((key) => draft[key] !== saved[key]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft, {
          onSuccess: (next) => {
            setDraft(next);
            notify.success(i18n.t(SETTINGS_MESSAGES.saved));
          },
          onError: (error) => notify.error(serverMessage(error) ?? i18n.t(SETTINGS_MESSAGES.saveFailed)),
        });
      }}
    >
      <Stack gap="md">
        {MAIL_PREFERENCES.map((key) => (
          <Switch
            key={key}
            checked={draft[key]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setDraft((current) => ({ ...current, [key]: checked }));
            }}
            label={i18n.t(MAIL_PREFERENCE_LABELS[key].title)}
            description={i18n.t(MAIL_PREFERENCE_LABELS[key].description)}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          />
        ))}
        <Text size="sm" c="gray.7">
          {i18n.t('settings.email.alwaysSent')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            {i18n.t('settings.email.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings (DESIGN.md §11): e-mail preferences saved on the server, links to account security, the data export. */
export function SettingsPage() {
  const i18n = useI18n();
  const preferences = usePreferences();
  const signedIn = Boolean(useStoredAccessToken());
  return (
    <Container size="md" py={40}>
      <Title order={1} mb="lg">
        {i18n.t('settings.page.title')}
      </Title>
      <Paper withBorder radius="md" p="lg" mb="lg" component="section" aria-labelledby="language-settings">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="language-settings">
            {i18n.t('common.language')}
          </Title>
          <Text size="sm" c="gray.7">
            {i18n.t('settings.language.description')}
          </Text>
          <LanguageMenu />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="email-settings">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="email-settings">
              {i18n.t('settings.email.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {i18n.t('settings.email.description')}
            </Text>
          </div>
          {!signedIn ? (
            <Alert color="blue">
              <Rich
                id="settings.email.signInPrompt"
                tags={{
                  link: (text) => (
                    <Anchor component={Link} to="/signin" state={{ from: '/settings' }}>
                      {text}
                    </Anchor>
                  ),
                }}
              />
            </Alert>
          ) : preferences.isError ? (
            <Alert color="red" role="alert">
              {serverMessage(preferences.error) ?? i18n.t(SETTINGS_MESSAGES.loadFailed)}
            </Alert>
          ) : preferences.data ? (
            <EmailPreferencesForm saved={preferences.data} />
          ) : (
            <Stack gap="md" aria-busy>
              {MAIL_PREFERENCES.map((key) => (
                <Skeleton key={key} h={44} radius="sm" />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="account-settings">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="account-settings">
            {i18n.t('settings.security.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {i18n.t('settings.security.description')}
          </Text>
          <List spacing="xs" listStyleType="none" p={0}>
            <List.Item icon={<IconLock size={18} aria-hidden />}>
              <Anchor component={Link} to="/profile?tab=account">
                {i18n.t('settings.security.changePassword')}
              </Anchor>
            </List.Item>
            <List.Item icon={<IconShieldCheck size={18} aria-hidden />}>
              <Anchor component={Link} to="/profile?tab=account">
                {i18n.t('settings.security.twoFactor')}
              </Anchor>
            </List.Item>
            <List.Item icon={<IconTrash size={18} aria-hidden />}>
              <Anchor component={Link} to="/profile?tab=account">
                {i18n.t('settings.security.deleteAccount')}
              </Anchor>
            </List.Item>
          </List>
        </Stack>
      </Paper>
      <DownloadDataCard />
    </Container>
  );
}
