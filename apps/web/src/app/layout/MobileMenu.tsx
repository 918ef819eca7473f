import { Divider, Drawer, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCategories } from '@/features/categories/api/categories';
import { useSession } from '@/lib/session';
import { ACCOUNT_LINKS } from './account-links';
import { SearchBox } from './SearchBox';

export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const categories = useCategories();
  const navigate = useNavigate();
  const item = (to: string, label: string) => (
    <NavLink key={to} component={Link} to={to} label={label} onClick={onClose} />
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Fundry"
      hiddenFrom="md"
      size="xs"
      position="right"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <ScrollArea h="calc(100vh - 80px)">
        <Stack gap={4}>
          <SearchBox onNavigated={onClose} />
          {item('/about', 'About')}
          {item('/faqs', 'FAQs')}
          {session.isAdmin && item('/admin', 'Admin')}
          {item('/projects/create', 'Start Project')}
          {session.isSignedIn ? (
            <>
              {/* The signed-in area's pages: on a phone this is its only menu. */}
              <Divider label="My account" labelPosition="left" my="xs" />
              {ACCOUNT_LINKS.map((link) => item(link.to, link.label))}
              <NavLink
                component="button"
                label="Sign Out"
                c="red"
                onClick={() => {
                  onClose();
                  void session.signOut().then(() => navigate('/'));
                }}
              />
            </>
          ) : (
            item('/signin', 'Sign In')
          )}
          <Divider label="Categories" labelPosition="left" my="xs" />
          {(categories.data ?? []).map((category) => item(`/category/${category.id}`, category.name))}
        </Stack>
      </ScrollArea>
    </Drawer>
  );
}
