import { VisuallyHidden } from '@/components/primitives/primitives';
import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_MESSAGES, passwordProblems } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';

const RULES = [
  PASSWORD_MESSAGES.length,
  PASSWORD_MESSAGES.uppercase,
  PASSWORD_MESSAGES.lowercase,
  PASSWORD_MESSAGES.number,
  PASSWORD_MESSAGES.special,
] as const;

/** The SPEC §5 password rules, each ticked as the typed password meets it. */
export function PasswordRequirements({ password }: { password: string }) {
  const i18n = useI18n();
  const problems = new Set(passwordProblems(password));
  return (
    <List
      aria-label={i18n.t('common.password.requirements')}
      spacing={4}
      size="sm"
      center
      listStyleType="none"
      styles={{ itemWrapper: { alignItems: 'center' } }}
    >
      {RULES.map((rule) => {
        const met = !problems.has(rule);
        return (
          <List.Item
            key={rule}
            data-met={met}
            c={met ? 'teal.8' : 'dimmed'}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                color={met ? 'teal' : 'gray'}
                variant={met ? 'filled' : 'light'}
              >
                {met ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <span>{i18n.t(rule)}</span>
            <VisuallyHidden> {i18n.t(met ? 'common.password.met' : 'common.password.notMet')}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
