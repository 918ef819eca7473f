import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { ScheduledJob } from './jobs/runner';
import { AuthService } from './modules/auth/auth.service';
import { OidcService } from './modules/auth/oidc.service';
import { TokenSigner } from './modules/auth/tokens';
import { CategoryService } from './modules/categories/categories.service';
import { MailService } from './modules/mail/mail.service';
import { createMailTransport, type MailTransport } from './modules/mail/mail.transport';
import { LocalFileStorage } from './modules/media/storage';
import { ProjectService } from './modules/projects/projects.service';
import { UserService } from './modules/users/users.service';

export type Services = ReturnType<typeof createServices>;

/** Every service, built once per process from the configuration and the database. */
export function createServices(
  config: Config,
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  transport?: MailTransport,
) {
  const tokens = new TokenSigner(config.jwtSecret);
  const mailTransport = transport ?? createMailTransport(config.mail.smtpUrl, log);
  const mail = new MailService(db, mailTransport, config.mail.from, log);
  const storage = new LocalFileStorage(config.uploadsDir);
  const auth = new AuthService(db, tokens, mail, config.appUrl);
  const oidc = new OidcService(db, { ...config.oidc, appUrl: config.appUrl });
  const users = new UserService(db, storage, auth);
  const categories = new CategoryService(db);
  const projects = new ProjectService(db, users, mail, config.appUrl);
  return { tokens, mail, mailTransport, storage, auth, oidc, users, categories, projects };
}

/** Scheduled work; pg-boss runs each tick once across every instance. */
export function scheduledJobs(services: Services): ScheduledJob[] {
  return [
    {
      name: 'mail-delivery',
      cron: '* * * * *',
      run: async () => {
        await services.mail.deliverDue();
      },
    },
  ];
}
