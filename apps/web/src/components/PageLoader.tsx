import { Center, Loader } from '@mantine/core';
import { useI18n } from '@/lib/i18n';

export function PageLoader() {
  const i18n = useI18n();
  return (
    <Center mih="60vh">
      <Loader aria-label={i18n.t('common.loading')} />
    </Center>
  );
}
