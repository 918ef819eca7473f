import { NativeSelect } from '@/components/primitives/inputs';
import { Group } from '@/components/primitives/primitives';
import { IconLanguage } from '@tabler/icons-react';
import { isShippedLocale, LOCALE_NAMES } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { takeEarlyChoice, useEarlyChoice } from '@/lib/early-choices';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useSiteConfig } from '@/lib/site-config';
import { useChooseLocale } from '../api/locale';
import { CurrencyMenu } from './CurrencyMenu';

/**
 * The language menu of the footer and Settings: the offered languages, each named in itself, labelled
 * "Language" in the page's own language, and beside it the display currency. Native selects: every page's footer
 * carries them, and they need none of the floating lists' code (and a phone shows its own picker).
 */
export function LanguageMenu({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t, locale } = useI18n();
  const { isSignedIn } = useSession();
  const offered = useSiteConfig().data?.locales ?? [locale];
  const choose = useChooseLocale(isSignedIn);
  const chooseLanguage = (value: string) => {
    if (!isShippedLocale(value) || value === locale) return;
    choose.mutate(value, {
      onError: (error) => notify.error(serverMessage(error) ?? t('common.languageNotSaved')),
    });
  };
  useEarlyChoice('language', chooseLanguage);
  return (
    <Group gap="sm" align="flex-end">
      <NativeSelect
        label={t('common.language')}
        size={size}
        w={200}
        leftSection={<IconLanguage size={16} aria-hidden />}
        data={offered.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
        value={locale}
        disabled={choose.isPending}
        data-early-choice="language"
        onChange={(event) => chooseLanguage(takeEarlyChoice('language') ?? event.currentTarget.value)}
      />
      <CurrencyMenu size={size} />
    </Group>
  );
}
