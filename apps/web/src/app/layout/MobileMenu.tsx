import { Divider, Drawer, NavLink, ScrollArea } from '@mantine/core';
import { Stack } from '@/components/primitives/primitives';
import { Link, useNavigate } from '@/lib/router';
import { useCategories } from '@/features/categories/api/categories';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { ACCOUNT_LINKS } from './account-links';
import { SearchBox } from './SearchBox';

export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const categories = useCategories();
  const navigate = useNavigate();
  const i18n = useI18n();
  const item = (to: string, label: string) => (
    <NavLink key={to} component={Link} to={to} label={label} onClick={onClose} />
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={i18n.t('common.brand')}
      hiddenFrom="lg"
      size="xs"
      // From the side of the button that opens it: the end of the bar, which is the left in Arabic.
      position={i18n.dir === 'rtl' ? 'left' : 'right'}
      closeButtonProps={{ 'aria-label': i18n.t('common.nav.closeNavigation') }}
    >
      <ScrollArea h="calc(100vh - 80px)">
        <Stack gap={4}>
          <SearchBox onNavigated={onClose} />
          {item('/about', i18n.t('common.nav.about'))}
          {item('/faqs', i18n.t('common.nav.faqs'))}
          {session.isAdmin && item('/admin', i18n.t('common.nav.admin'))}
          {item('/projects/create', i18n.t('common.nav.startProject'))}
          {session.isSignedIn ? (
            <>
              {/* The signed-in area's pages: on a phone this is its only menu. */}
              <Divider label={i18n.t('common.nav.myAccount')} labelPosition="left" my="xs" />
              {ACCOUNT_LINKS.map((link) => item(link.to, i18n.t(link.labelKey)))}
              <NavLink
                component="button"
                label={i18n.t('common.nav.signOut')}
                c="red"
                onClick={() => {
                  onClose();
                  void session.signOut().then(() => navigate('/'));
                }}
              />
            </>
          ) : (
            item('/signin', i18n.t('common.nav.signIn'))
          )}
          <Divider label={i18n.t('common.nav.categories')} labelPosition="left" my="xs" />
          {(categories.data ?? []).map((category) => item(`/category/${category.id}`, category.name))}
        </Stack>
      </ScrollArea>
    </Drawer>
  );
}
