import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import type { PayoutService } from '../payouts/payouts.service';
import type { PaymentEventService } from './payment-events.service';
import type { StripeProvider } from './stripe.provider';

/**
 * POST /api/v1/payments/webhook: Stripe's events, verified on the raw body. A 2xx tells Stripe the event is
 * handled (including redeliveries and events we ignore); a refused one gets a 4xx and is logged.
 */
export const webhookRoutes: FastifyPluginAsync<{
  events: PaymentEventService;
  payouts: PayoutService;
  stripe: StripeProvider | null;
}> = async (app, { events, payouts, stripe }) => {
  // This scope keeps JSON bodies as bytes: the signature is over the exact payload.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1_048_576 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post('/webhook', { schema: { hide: true } }, async (request) => {
    if (!stripe) throw new AppError('NOT_FOUND', 'api.payments.webhooksUnused');
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new AppError('VALIDATION_ERROR', 'api.payments.sendJson');
    const header = request.headers['stripe-signature'];
    const event = stripe.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
    if (event.type === 'account.updated') {
      const account = event.data.object;
      await payouts.accountUpdated(
        account.id,
        account.payouts_enabled ?? false,
        account.requirements?.currently_due ?? [],
      );
      return { received: true, result: 'applied' };
    }
    const paymentEvent = await stripe.toPaymentEvent(event);
    if (!paymentEvent) return { received: true, result: 'ignored' };
    const result = await events.applyEvent(paymentEvent);
    request.log.info({ eventId: event.id, type: event.type, result }, 'payment event');
    return { received: true, result };
  });
};
