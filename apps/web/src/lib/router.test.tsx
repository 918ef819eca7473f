import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state)} data-type={type}>
      {location.pathname}
      {location.search}
      {location.hash}
    </output>
  );
}

const where = () => screen.getByTestId('where');

describe('matching', () => {
  const table: RouteObject[] = [
    {
      path: 'shop',
      children: [
        { path: ':item', element: 'item' },
        { path: 'basket', element: 'basket' },
        { index: true, element: 'shop' },
      ],
    },
    { path: 'files/*', element: 'files' },
    { path: 'Exact', caseSensitive: true, element: 'exact' },
    { path: '*', element: 'not found' },
  ];
  const leaf = (pathname: string) => matchRoutes(table, pathname)?.at(-1);

  it('ranks a named segment over a parameter over a splat, wherever they are in the table', () => {
    expect(leaf('/shop/basket')?.route.element).toBe('basket');
    expect(leaf('/shop/lamp')?.route.element).toBe('item');
    expect(leaf('/shop')?.route.element).toBe('shop');
    expect(leaf('/shop/lamp/more')?.route.element).toBe('not found');
  });

  it('matches in any case unless asked not to, decodes parameters and keeps what a splat took', () => {
    expect(leaf('/SHOP/Lamp')?.params).toEqual({ item: 'Lamp' });
    expect(leaf('/shop/caf%C3%A9')?.params).toEqual({ item: 'café' });
    expect(leaf('/shop/a%2Fb')?.params).toEqual({ item: 'a/b' });
    expect(leaf('/files/a/b.txt')?.params).toEqual({ '*': 'a/b.txt' });
    expect(leaf('/Exact')?.route.element).toBe('exact');
    expect(leaf('/exact')?.route.element).toBe('not found');
  });

  it('gives a layout the parameters of the page inside it', () => {
    function Layout() {
      return (
        <>
          <span>layout of {useParams().item}</span>
          <Outlet />
        </>
      );
    }
    function Item() {
      return <span>item {useParams().item}</span>;
    }
    function Routes() {
      return useRoutes([
        { path: 'shop', element: <Layout />, children: [{ path: ':item', element: <Item /> }] },
      ]);
    }
    render(
      <MemoryRouter initialEntries={['/shop/lamp']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByText('layout of lamp')).toBeInTheDocument();
    expect(screen.getByText('item lamp')).toBeInTheDocument();
  });
});

describe('navigating', () => {
  it('follows a link with its state, and leaves a click with a modifier to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/shop?page=2#top" state={{ from: '/' }}>
          Shop
        </Link>
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Shop' });
    expect(link).toHaveAttribute('href', '/shop?page=2#top');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(where()).toHaveTextContent(/^\/$/);
    expect(fireEvent.click(link)).toBe(false);
    expect(where()).toHaveTextContent('/shop?page=2#top');
    expect(where()).toHaveAttribute('data-state', '{"from":"/"}');
    expect(where()).toHaveAttribute('data-type', 'PUSH');
    // A link to where the visitor is replaces the entry rather than adding one.
    fireEvent.click(link);
    expect(where()).toHaveAttribute('data-type', 'REPLACE');
  });

  it('changes the search at the same path: values, lists and an update of the current ones', () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <button onClick={() => setParams({ category: ['1', '2'], page: '1' })}>Filter</button>
          <button
            onClick={() => setParams((current) => (current.set('page', '2'), current), { replace: true })}
          >
            Next
          </button>
          <span>page {params.get('page')}</span>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/explore#list']}>
        <Filters />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(where()).toHaveTextContent(/^\/explore\?category=1&category=2&page=1$/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(where()).toHaveTextContent('/explore?category=1&category=2&page=2');
    expect(where()).toHaveAttribute('data-type', 'REPLACE');
    expect(screen.getByText('page 2')).toBeInTheDocument();
  });

  it('goes back in memory as the browser does, and Navigate replaces the entry it is shown at', () => {
    function Back() {
      const navigate = useNavigate();
      return <button onClick={() => navigate(-1)}>Back</button>;
    }
    function Routes() {
      return useRoutes([
        { path: 'old', element: <Navigate to="/new" replace state={{ moved: true }} /> },
        { path: '*', element: <Back /> },
      ]);
    }
    render(
      <MemoryRouter initialEntries={['/start', '/old']}>
        <Routes />
        <Where />
      </MemoryRouter>,
    );
    expect(where()).toHaveTextContent('/new');
    expect(where()).toHaveAttribute('data-state', '{"moved":true}');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toHaveTextContent('/start');
    expect(where()).toHaveAttribute('data-type', 'POP');
  });

  it('keeps its entries in the browser’s history, and reads them back on back and forward', async () => {
    window.history.replaceState(null, '', '/first');
    function Go() {
      const navigate = useNavigate();
      return <button onClick={() => navigate('/second', { state: { step: 2 } })}>Go</button>;
    }
    render(
      <BrowserRouter>
        <Go />
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toHaveTextContent('/first');
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(window.location.pathname).toBe('/second');
    expect(window.history.state).toMatchObject({ usr: { step: 2 } });
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(where()).toHaveTextContent('/first');
    expect(where()).toHaveAttribute('data-type', 'POP');
  });
});
