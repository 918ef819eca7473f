/**
 * The lazy route modules (src/app/router.tsx) each page the server renders shows, as the build's manifest keys them.
 * Each route's chunk carries its components' CSS (decision 032): the server links the stylesheets of these modules
 * and of what they import in the page's head, so the page it renders is styled at its first paint. The build writes
 * this table and the next beside its manifest (`.vite/page-modules.json`, vite.config.ts); src/app/router.test.tsx checks it
 * against the router. `*` is the not-found page, which any other address shows.
 */
export const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/home/routes/HomePage.tsx'],
  '/projects': ['src/features/discovery/routes/ProjectsPage.tsx'],
  '/projects/explore': ['src/features/discovery/routes/ExplorePage.tsx'],
  '/categories': ['src/features/categories/routes/CategoriesPage.tsx'],
  '/category/:categoryId': ['src/features/discovery/routes/CategoryPage.tsx'],
  '/discover': ['src/features/categories/routes/DiscoverPage.tsx'],
  // The reward and add-on lists, the stretch goals (project-slots), the tabs, the creator's card, the banners of a
  // campaign ended early or under review and the not-found notice are lazy parts of the page the server renders.
  '/projects/:id': [
    'src/app/routes/ProjectPage.tsx',
    'src/features/backing/components/RewardListCard.tsx',
    'src/features/backing/components/AddOnListCard.tsx',
    'src/features/stretch-goals/components/StretchGoalsCard.tsx',
    'src/features/projects/components/detail/ProjectTabs.tsx',
    'src/features/projects/components/detail/CreatorCard.tsx',
    'src/features/projects/components/detail/EndedBanner.tsx',
    'src/features/projects/components/detail/ProjectNotices.tsx',
  ],
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

/**
 * Lazy parts a page renders on the server only when its address asks for them (`param` present, or `param=value`):
 * a project page opened on a tab other than the overview, Explore opened with filters set (its panel shows).
 */
export const PAGE_QUERY_MODULES: Record<string, Record<string, string[]>> = {
  '/projects/:id': {
    'tab=updates': ['src/features/community/components/UpdatesTab.tsx'],
    'tab=comments': ['src/features/community/components/ProjectCommunity.tsx'],
    'tab=faq': ['src/features/community/components/FaqSection.tsx'],
  },
  '/projects/explore': {
    status: ['src/features/discovery/components/ExploreFilters.tsx'],
    category: ['src/features/discovery/components/ExploreFilters.tsx'],
    progress: ['src/features/discovery/components/ExploreFilters.tsx'],
  },
};

/** Where the build writes both tables (`{ pages, queries }`), under its outDir. */
export const PAGE_MODULES_FILE = '.vite/page-modules.json';
