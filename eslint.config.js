import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noApiImports = {
  group: ['@fundry/api', '@fundry/api/*', '**/apps/api/**'],
  message: 'The web client never imports the API; share code through @fundry/shared.',
};

const sharedCodePatterns = [
  noApiImports,
  { group: ['@/features/*', '@/app/*'], message: 'Shared code does not depend on features.' },
];

/** The modules of lib/ that call the API: the client, the upload and the hooks that ask through them. */
const libApiModules = [
  'api-client',
  'upload',
  'session',
  'projects',
  'categories',
  'notifications',
  'site-config',
];

const noApiCallsMessage =
  "Shared components do not call the API: take the data as props, from a feature's api/ hooks.";
const noApiCalls = [
  { group: ['@tanstack/react-query'], message: noApiCallsMessage },
  { regex: `(^@|\\.)/lib/(${libApiModules.join('|')})$`, message: noApiCallsMessage },
];

/** Attributes whose text a person reads or hears. */
const visibleAttributes = [
  'label',
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'description',
  'error',
  'message',
  'confirmLabel',
  'cancelLabel',
  'tooltip',
].join('|');
const catalogMessage =
  'Words a person reads come from the message catalogs (DESIGN.md §14): useI18n().t(key), or currentTranslator() outside components.';
/**
 * Literal user-visible text in the web client. Exceptions: the brand's name, and lone symbols or digits (no letter).
 * Object properties are checked for sentences and capitalised words only, so catalog keys (`home.title`) pass.
 */
const literalText = [
  { selector: 'JSXText[value=/\\p{L}/u]:not([value=/^\\s*Fundry\\s*$/])', message: catalogMessage },
  {
    selector: `JSXAttribute[name.name=/^(${visibleAttributes})$/] > Literal[value=/\\p{L}/u]`,
    message: catalogMessage,
  },
  {
    selector: `JSXAttribute[name.name=/^(${visibleAttributes})$/] > JSXExpressionContainer > :matches(Literal[value=/\\p{L}/u], TemplateLiteral[quasis.0.value.raw=/\\p{L}/u])`,
    message: catalogMessage,
  },
  {
    selector: `Property[key.name=/^(title|message|label|description|placeholder)$/] > Literal[value=/\\s|^\\p{Lu}/u]`,
    message: catalogMessage,
  },
];

// Mantine's Text, Group, Stack, Paper, Title, Anchor, buttons, Container, VisuallyHidden, SimpleGrid and Tabs cost a third of
// a server render; ours make the same markup, or the same page with less of it (decision 018).
const lightPrimitives = {
  name: '@mantine/core',
  importNames: [
    'Text',
    'Group',
    'Stack',
    'Paper',
    'Title',
    'Anchor',
    'Button',
    'UnstyledButton',
    'ButtonProps',
    'Container',
    'VisuallyHidden',
    'SimpleGrid',
    'Tabs',
  ],
  message:
    'Use Text, Group, Stack, Paper, Title, Anchor, Container, VisuallyHidden and SimpleGrid from @/components/primitives/primitives, Tabs from @/components/primitives/tabs, Button and UnstyledButton from @/components/primitives/buttons: the same markup, a fraction of the render.',
};

/**
 * The API's services in layers, lowest first (docs/architecture.md): a service uses services of its own layer or
 * below, never one above. `module/*` is every service of a module; a module whose services sit in two layers names
 * them. Repositories, rules, messages and templates of any module sit beneath every service.
 */
const apiLayers = [
  [
    'auth/*',
    'categories/*',
    'fx-rates/*',
    'health/*',
    'mail/*',
    'media/*',
    'metrics/*',
    'notifications/*',
    'preferences/*',
  ],
  [
    'users/*',
    'blocks/*',
    'collaborators/*',
    'follows/*',
    'referrals/*',
    'site/*',
    'projects/project-access',
    'projects/project-page.service',
    'projects/discovery.service',
    'projects/saved-projects.service',
  ],
  ['rewards/*', 'add-ons/*', 'stretch-goals/*', 'late-pledges/*', 'updates/*', 'comments/*', 'faqs/*'],
  ['payments/*', 'payouts/*', 'pledges/*', 'backing/*', 'reminders/*'],
  [
    'projects/project-form.service',
    'projects/project-lifecycle.service',
    'projects/campaign-refunds.service',
    'admin/*',
    'creator-tools/*',
    'surveys/*',
    'messages/*',
    'pages/*',
    'sanctions/*',
  ],
];
const serviceFiles = (entry) => {
  const [module, name] = entry.split('/');
  return `apps/api/src/modules/${module}/${name === '*' ? '*.service' : name}.ts`;
};
/** An import of the entry, from another module (`../m/x.service`) or from its own (`./x.service`). */
const importOf = (entry) => {
  const [module, name] = entry.split('/');
  const file = name === '*' ? '[\\w.-]+\\.service' : name.replace(/\./g, '\\.');
  return name === '*' ? `/${module}/${file}$` : `(^\\.|/${module})/${file}$`;
};
const layerRules = apiLayers.map((layer, index) => ({
  files: layer.map(serviceFiles),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: apiLayers.slice(index + 1).flatMap((above) =>
          above.map((entry) => ({
            regex: importOf(entry),
            message: `A service of layer ${index + 1} does not use ${entry} (a higher layer; docs/architecture.md).`,
          })),
        ),
      },
    ],
  },
}));

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests read JSON bodies as `any` on purpose: the assertions are the type check.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Configuration is parsed once in config.ts; nothing else in the API reads the environment.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [lightPrimitives], patterns: [noApiImports] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...literalText] },
  },
  {
    // Shared UI and libraries sit below the features: they never import a feature or the app shell.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'packages/shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [lightPrimitives], patterns: sharedCodePatterns }] },
  },
  {
    // The translator and the messages load with every page: what they import stays out of zod and the schemas,
    // which would otherwise all come along into the shell (a schema module's top level is not pure to the bundler).
    files: [
      'packages/shared/src/i18n/**',
      'packages/shared/src/messages/**',
      'packages/shared/src/constants.ts',
    ],
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            lightPrimitives,
            { name: 'zod', message: 'Keep zod to the schemas: this module is in every page.' },
          ],
          patterns: [
            ...sharedCodePatterns,
            {
              group: ['**/schemas/*'],
              message: 'Take the value from constants.ts: a schema module brings zod along.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared components show what they are given: calls to the API live in a feature's api/ folder.
    files: ['apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [lightPrimitives], patterns: [...sharedCodePatterns, ...noApiCalls] },
      ],
    },
  },
  {
    // The primitives are made on Mantine's own, which their tests compare them with.
    files: ['apps/web/src/components/primitives/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...sharedCodePatterns, ...noApiCalls] }] },
  },
  // Features never import each other (bulletproof-react): each may use only its own folder and shared code.
  features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [lightPrimitives],
          patterns: [
            noApiImports,
            {
              regex: `^@/features/(?!${feature}/)`,
              message:
                'Features do not import each other: compose their pieces in app/routes, or share UI through components/.',
            },
            { group: ['@/app/*'], message: 'Features do not import the app shell.' },
            {
              group: ['../../*'],
              message: 'Leave a feature through the @/ alias so boundaries are checked.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Repositories hold SQL only (DESIGN.md §2): they take a Kysely handle and know no service or route.
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.(service|routes)$',
              message: 'A repository holds SQL only: it uses no service or route.',
            },
          ],
        },
      ],
    },
  },
  layerRules,
);
