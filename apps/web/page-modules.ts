/**
 * The lazy route modules (src/app/router.tsx) each page the server renders shows, as the build's manifest keys them.
 * Each route's chunk carries its components' CSS (decision 032): the server links the stylesheets of these modules
 * and of what they import in the page's head, so the page it renders is styled at its first paint. The build writes
 * this table beside its manifest (`.vite/page-modules.json`, vite.config.ts); src/app/router.test.tsx checks it
 * against the router. `*` is the not-found page, which any other address shows.
 */
export const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/home/routes/HomePage.tsx'],
  '/projects': ['src/features/discovery/routes/ProjectsPage.tsx'],
  '/projects/explore': ['src/features/discovery/routes/ExplorePage.tsx'],
  '/categories': ['src/features/categories/routes/CategoriesPage.tsx'],
  '/category/:categoryId': ['src/features/discovery/routes/CategoryPage.tsx'],
  '/discover': ['src/features/categories/routes/DiscoverPage.tsx'],
  '/projects/:id': ['src/app/routes/ProjectPage.tsx'],
  '/projects/:id/rewards': ['src/app/routes/RewardsPage.tsx'],
  '/projects/:id/updates/:updateId': ['src/app/routes/UpdateRoute.tsx'],
  '/about': ['src/features/info/routes/AboutPage.tsx'],
  '/faqs': ['src/features/info/routes/FaqPage.tsx'],
  '/how-it-works': ['src/features/info/routes/HowItWorksPage.tsx'],
  '/news/:slug': ['src/features/home/routes/NewsPage.tsx'],
  '/terms': ['src/features/info/routes/TermsPage.tsx'],
  '/privacy': ['src/features/info/routes/PrivacyPage.tsx'],
  '*': ['src/features/info/routes/NotFoundPage.tsx'],
};

/** Where the build writes the table, under its outDir. */
export const PAGE_MODULES_FILE = '.vite/page-modules.json';
