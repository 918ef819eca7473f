import { Group, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useI18n } from '@/lib/i18n';
import { paginationItems } from '@/lib/pagination';

/**
 * Numbered pagination with Previous and Next (SPEC §2): a window of pages around the current one, the first
 * and last page, and '…' where pages are left out. Shows nothing when everything fits on one page.
 */
export function PageNavigation({
  page,
  total,
  onChange,
  label,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
  /** The navigation's name: Pagination unless told. */
  label?: string;
}) {
  const i18n = useI18n();
  if (total <= 1) return null;
  const current = Math.min(Math.max(1, page), total);
  return (
    <nav aria-label={label ?? i18n.t('common.pagination.label')}>
      <Group gap={6} justify="center" wrap="wrap">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} className="mirror-in-rtl" />}
          disabled={current <= 1}
          onClick={() => onChange(current - 1)}
        >
          {i18n.t('common.pagination.previous')}
        </Button>
        {paginationItems(current, total).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="sm"
              miw={38}
              px={10}
              variant={item === current ? 'filled' : 'default'}
              aria-current={item === current ? 'page' : undefined}
              aria-label={i18n.t('common.pagination.page', { page: item })}
              onClick={() => item !== current && onChange(item)}
            >
              {item}
            </Button>
          ) : (
            <Text key={item} c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ),
        )}
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} className="mirror-in-rtl" />}
          disabled={current >= total}
          onClick={() => onChange(current + 1)}
        >
          {i18n.t('common.pagination.next')}
        </Button>
      </Group>
    </nav>
  );
}
