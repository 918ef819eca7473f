import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import { Translators } from './i18n';
import type { ScheduledJob } from './jobs/runner';
import { AdminService } from './modules/admin/admin.service';
import { ModerationService } from './modules/admin/moderation.service';
import { ReportService } from './modules/admin/reports.service';
import { BlockService } from './modules/blocks/blocks.service';
import { CollaboratorService } from './modules/collaborators/collaborators.service';
import { ReferralService } from './modules/referrals/referrals.service';
import { VisitCounter } from './modules/referrals/visit-counter';
import { CardTestingGuard } from './modules/payments/card-testing.service';
import { AuthService } from './modules/auth/auth.service';
import { OidcService } from './modules/auth/oidc.service';
import { TokenSigner } from './modules/auth/tokens';
import { BackingService } from './modules/backing/backing.service';
import { CategoryService } from './modules/categories/categories.service';
import { CreatorToolsService } from './modules/creator-tools/creator-tools.service';
import { MailService } from './modules/mail/mail.service';
import { createMailTransport, type MailTransport } from './modules/mail/mail.transport';
import { createFileStorage } from './modules/media/create-file-storage';
import { NotificationService } from './modules/notifications/notifications.service';
import { PaymentEventService } from './modules/payments/payment-events.service';
import type { Clock } from './lib/clock';
import { PaymentService } from './modules/payments/payments.service';
import { RefundService } from './modules/payments/refunds.service';
import { CampaignRefundService } from './modules/projects/campaign-refunds.service';
import type { PaymentProvider } from './modules/payments/provider';
import { SandboxProvider } from './modules/payments/sandbox.provider';
import { createStripeClient, StripeProvider } from './modules/payments/stripe.provider';
import { PageService } from './modules/pages/pages.service';
import { EmbedService } from './modules/pages/embeds.service';
import { PayoutService } from './modules/payouts/payouts.service';
import { CollectionService } from './modules/pledges/collection.service';
import { InstalmentPlans } from './modules/instalments/instalment-plans';
import { InstalmentService } from './modules/instalments/instalments.service';
import { PledgeCheckoutService } from './modules/pledges/pledge-checkout.service';
import { PledgeService } from './modules/pledges/pledges.service';
import { CommentService } from './modules/comments/comments.service';
import { FaqService } from './modules/faqs/faqs.service';
import { MessageService } from './modules/messages/messages.service';
import { FxRateService } from './modules/fx-rates/fx-rates.service';
import { UpdateService } from './modules/updates/updates.service';
import { PreferenceService } from './modules/preferences/preferences.service';
import { UnsubscribeLinks } from './modules/preferences/unsubscribe';
import { ReminderService } from './modules/reminders/reminders.service';
import { FollowService } from './modules/follows/follows.service';
import { LaunchNoticeService } from './modules/follows/launch-notices.service';
import { ProjectPageCache } from './modules/projects/page-cache';
import { PageHtmlCache } from './modules/pages/page-html-cache';
import { DiscoveryService } from './modules/projects/discovery.service';
import { ProjectAccess } from './modules/projects/project-access';
import { ProjectFormService } from './modules/projects/project-form.service';
import { ProjectLifecycleService } from './modules/projects/project-lifecycle.service';
import { ProjectPageService } from './modules/projects/project-page.service';
import { SavedProjectService } from './modules/projects/saved-projects.service';
import { RewardService } from './modules/rewards/rewards.service';
import { AddOnService } from './modules/add-ons/add-ons.service';
import { StretchGoalService } from './modules/stretch-goals/stretch-goals.service';
import { SurveyAnswerService } from './modules/surveys/survey-answers.service';
import { SurveyChargeService } from './modules/surveys/survey-charges.service';
import { SurveyService } from './modules/surveys/surveys.service';
import { LatePledgeService } from './modules/late-pledges/late-pledges.service';
import { UserService } from './modules/users/users.service';
import { SuspendedAccounts } from './modules/auth/suspended-accounts';
import { SanctionService } from './modules/sanctions/sanctions.service';

export type Services = ReturnType<typeof createServices>;

export interface ServiceOverrides {
  /** The pool searches use (`Database.searchDb`); `db` where none is given, as for the job runner. */
  searchDb?: Kysely<DB>;
  /**
   * The handles of the public reads that may lag (`Database.readDb`, `readSearchDb`, decision 037); `db` and
   * `searchDb` where none are given.
   */
  readDb?: Kysely<DB>;
  readSearchDb?: Kysely<DB>;
  /** Tests may hand in a transport; otherwise SMTP_URL decides. */
  mailTransport?: MailTransport;
  /** Tests move time (settlement, expiry); the wall clock otherwise. */
  clock?: Clock;
}

function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments.provider === 'stripe') {
    return new StripeProvider(createStripeClient(config.payments), config.payments.webhookSecret);
  }
  return new SandboxProvider(config.appUrl);
}

/** Every service, built once per process from the configuration and the database. */
export function createServices(
  config: Config,
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
) {
  const clock = overrides.clock ?? (() => new Date());
  const readDb = overrides.readDb ?? db;
  const readSearchDb = overrides.readSearchDb ?? overrides.searchDb ?? db;
  const tokens = new TokenSigner(config.jwtSecret);
  const translators = new Translators(config.locales, config.defaultLocale);
  const mailTransport = overrides.mailTransport ?? createMailTransport(config.mail.smtpUrl, log);
  const mail = new MailService(db, mailTransport, config.mail.from, log, translators);
  const preferences = new PreferenceService(
    db,
    mail,
    new UnsubscribeLinks(config.jwtSecret, config.appUrl, clock),
  );
  const launchNotices = new LaunchNoticeService(db, preferences, mail, config.appUrl, clock, log);
  const reminders = new ReminderService(db, preferences, launchNotices, config.appUrl, clock, log);
  const storage = createFileStorage(config);
  const auth = new AuthService(db, tokens, mail, config.appUrl);
  const suspendedAccounts = new SuspendedAccounts(db, log);
  const oidc = new OidcService(db, { ...config.oidc, appUrl: config.appUrl });
  const users = new UserService(db, storage, auth, config.locales, config.baseCurrency);
  const categories = new CategoryService(db, readDb);
  const fxRates = new FxRateService(db, { ...config.fxRates, baseCurrency: config.baseCurrency }, log, () =>
    clock().getTime(),
  );
  const pageCache = new ProjectPageCache(config.projectCacheTtlMs, () => clock().getTime());
  // Rendered pages hear the same feed as the data they are made of, and live no longer than it does.
  const pageHtml = new PageHtmlCache(config.projectCacheTtlMs, () => clock().getTime(), {
    maxBytes: config.pageCacheMaxBytes,
  });
  const access = new ProjectAccess(db, pageCache, readDb);
  const instalmentPlans = new InstalmentPlans(
    { ...config.pledgeOverTime, baseCurrency: config.baseCurrency },
    clock,
  );
  const projectPages = new ProjectPageService(db, readDb, access, users, pageCache, clock, instalmentPlans);
  const discovery = new DiscoveryService(
    db,
    overrides.searchDb ?? db,
    { db: readDb, searchDb: readSearchDb },
    projectPages,
    clock,
  );
  const savedProjects = new SavedProjectService(db, access, config.appUrl);
  const follows = new FollowService(db, access, clock);
  const projectForm = new ProjectFormService(
    db,
    projectPages,
    discovery,
    clock,
    config.defaultLocale,
    config.currencies,
  );
  const rewards = new RewardService(db, access, pageCache);
  const addOns = new AddOnService(db, access, storage);
  const stretchGoals = new StretchGoalService(db, access, pageCache, mail, preferences, config.appUrl);
  const latePledges = new LatePledgeService(db, access, clock);
  const paymentProvider = createPaymentProvider(config);
  const payments = new PaymentService(
    db,
    paymentProvider,
    mail,
    log,
    { appUrl: config.appUrl, platformFeePercent: config.platformFeePercent },
    clock,
    preferences,
    stretchGoals,
  );
  const refunds = new RefundService(db, paymentProvider, mail, clock);
  const paymentEvents = new PaymentEventService(db, payments, refunds, mail, log, config.appUrl, clock);
  const backing = new BackingService(db, projectPages, config.baseCurrency);
  const cardTesting = new CardTestingGuard(db, config.maxDeclinedPayments, clock);
  const pledgeCheckout = new PledgeCheckoutService(
    db,
    payments,
    config.appUrl,
    clock,
    log,
    cardTesting,
    instalmentPlans,
  );
  const pledges = new PledgeService(
    db,
    access,
    payments,
    pledgeCheckout,
    mail,
    config.appUrl,
    clock,
    log,
    preferences,
    instalmentPlans,
  );
  const collection = new CollectionService(db, payments, paymentEvents, clock, log);
  paymentEvents.onCardFixed = (donationId) => collection.collect(donationId);
  const instalments = new InstalmentService(db, payments, mail, config.appUrl, clock, log);
  paymentEvents.onPlanCardSaved = (donationId) => instalments.run(donationId);
  const notifications = new NotificationService(db);
  const updates = new UpdateService(db, access.pageRow, mail, preferences, config.appUrl);
  const comments = new CommentService(db, access.pageRow, updates, mail, preferences, config.appUrl);
  const faqs = new FaqService(db, access.pageRow);
  const payouts = new PayoutService(db, paymentProvider, mail, log, config.appUrl);
  const campaignRefunds = new CampaignRefundService(db, refunds, paymentProvider, clock, log);
  const projectLifecycle = new ProjectLifecycleService(
    db,
    refunds,
    campaignRefunds,
    discovery,
    projectPages,
    mail,
    fxRates,
    config.appUrl,
    clock,
    log,
    launchNotices,
  );
  const moderation = new ModerationService(
    db,
    projectLifecycle,
    projectPages,
    discovery,
    mail,
    config.appUrl,
  );
  const admin = new AdminService(db, moderation);
  const reports = new ReportService(db, access, moderation, comments, config.hideAfterReports, clock);
  const blocks = new BlockService(db, access);
  const collaborators = new CollaboratorService(db, access, mail, config.appUrl);
  const visits = new VisitCounter(db, clock, log, config.appUrl);
  visits.start(config.referralFlushMs);
  const referrals = new ReferralService(db, access, visits, config.appUrl);
  const creatorTools = new CreatorToolsService(db, access, refunds, mail, preferences, config.appUrl, clock);
  const messages = new MessageService(db, mail, preferences, config.appUrl, clock, reports);
  const surveys = new SurveyService(db, access, mail, config.appUrl, clock, log);
  const surveyCharges = new SurveyChargeService(db, payments, config.platformFeePercent, clock, log);
  const surveyAnswers = new SurveyAnswerService(db, surveyCharges, clock);
  const sanctions = new SanctionService(
    db,
    projectLifecycle,
    payments,
    pledges,
    discovery,
    mail,
    suspendedAccounts,
    config.appUrl,
    clock,
  );
  return {
    translators,
    admin,
    reports,
    blocks,
    collaborators,
    visits,
    referrals,
    cardTesting,
    creatorTools,
    payouts,
    clock,
    tokens,
    mail,
    mailTransport,
    storage,
    auth,
    suspendedAccounts,
    sanctions,
    oidc,
    users,
    categories,
    pageCache,
    pageHtml,
    access,
    projectPages,
    discovery,
    savedProjects,
    follows,
    launchNotices,
    projectForm,
    projectLifecycle,
    campaignRefunds,
    moderation,
    rewards,
    addOns,
    stretchGoals,
    latePledges,
    payments,
    paymentEvents,
    refunds,
    backing,
    pledgeCheckout,
    pledges,
    collection,
    instalmentPlans,
    instalments,
    notifications,
    updates,
    comments,
    faqs,
    messages,
    surveys,
    surveyAnswers,
    surveyCharges,
    fxRates,
    preferences,
    reminders,
    pages: new PageService(readDb, projectPages, updates),
    embeds: new EmbedService(projectPages, config.appUrl, clock),
  };
}

/** Scheduled work; pg-boss runs each tick once across every instance, and each job is safe to overlap. */
export function scheduledJobs(services: Services): ScheduledJob[] {
  return [
    { name: 'mail-delivery', cron: '* * * * *', run: async () => void (await services.mail.deliverDue()) },
    {
      name: 'campaign-settlement',
      cron: '* * * * *',
      run: async () => {
        await services.projectLifecycle.settle();
        // A campaign that just succeeded is collected in the same tick.
        await services.collection.collect();
      },
    },
    {
      name: 'campaign-refunds',
      cron: '* * * * *',
      run: async () => void (await services.campaignRefunds.run()),
    },
    {
      name: 'pledge-collection',
      cron: '* * * * *',
      run: async () => void (await services.collection.collect()),
    },
    {
      // The later instalments of pledges paid over time (DESIGN.md §20), daily once the UTC day has turned.
      name: 'instalments',
      cron: '30 0 * * *',
      run: async () => void (await services.instalments.run()),
    },
    {
      name: 'reservation-expiry',
      cron: '* * * * *',
      run: async () => void (await services.payments.expireStale()),
    },
    {
      // The ECB publishes once a working day, around 16:00 CET; a run at 17:00 UTC finds that day's file.
      name: 'fx-rates',
      cron: '0 17 * * *',
      run: async () => void (await services.fxRates.fetchDaily()),
    },
    {
      // Launch notices (a start date that came; an early launch's, should its own run have stopped) and the saved
      // projects' ending reminders (DESIGN.md §19, §11).
      name: 'saved-reminders',
      cron: '* * * * *',
      run: async () => {
        if ((await services.reminders.run()) > 0) services.mail.kick();
      },
    },
    {
      // Late pledges asked, and reminders to those who have not answered, each once per 2 days.
      name: 'survey-reminders',
      cron: '*/10 * * * *',
      run: async () => void (await services.surveys.remind()),
    },
    {
      // Add-ons bought in a survey whose charge was left pending (no answer from the provider, a crash) are
      // charged again with the same key once their lease passed (decision 026).
      name: 'survey-charges',
      cron: '* * * * *',
      run: async () => void (await services.surveyCharges.resumeCharges()),
    },
  ];
}
