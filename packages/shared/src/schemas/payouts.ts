import { z } from 'zod';
import { MAX_PER_PAGE, PAGE_SIZES } from '../constants';
import { hasAtMostTwoDecimals } from '../money';
import { PAYOUT_MESSAGES } from '../messages/payouts';
import { currencyCode } from './common';

export const bankAccountStatusResponse = z.object({
  data: z.object({
    account_connected: z.boolean(),
    payouts_enabled: z.boolean(),
    account_id: z.string().nullable(),
    requirements: z.object({ currently_due: z.array(z.string()) }),
  }),
});
export type BankAccountStatus = z.infer<typeof bankAccountStatusResponse>['data'];

export const connectBankAccountResponse = z.object({ data: z.object({ url: z.string() }) });

export const payoutEligibilityResponse = z.object({
  data: z.object({
    eligible: z.boolean(),
    available_amount: z.number(),
    currency: currencyCode,
    reason: z.string().nullable(),
    funds_info: z.object({
      total_donations: z.number(),
      platform_fee: z.number(),
      total_paid_out: z.number(),
    }),
    /** Instalments of running plans still to collect (DESIGN.md §20), by the day they are due: not available yet. */
    to_come: z.array(z.object({ due_on: z.string(), amount: z.number() })),
  }),
});
export type PayoutEligibility = z.infer<typeof payoutEligibilityResponse>['data'];

export const payoutRequest = z
  .strictObject({
    amount: z
      .number({ error: PAYOUT_MESSAGES.invalidAmount })
      .finite()
      .gt(0, PAYOUT_MESSAGES.invalidAmount)
      .refine(hasAtMostTwoDecimals, PAYOUT_MESSAGES.decimals)
      .optional(),
  })
  .nullish();

/** A payout of a suspended project (DESIGN.md §18): CANCELED if still pending, REVERSED once taken back. */
export const PAYOUT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'CANCELED', 'REVERSED'] as const;
export type PayoutStatusName = (typeof PAYOUT_STATUSES)[number];
/** Why a payout failed: the platform's balance could not cover it yet, or the transfer itself did not go through. */
export const PAYOUT_FAILURE_REASONS = ['insufficient_funds', 'transfer_failed'] as const;
export type PayoutFailureReason = (typeof PAYOUT_FAILURE_REASONS)[number];

export const payout = z.object({
  id: z.number().int(),
  currency: currencyCode,
  project_id: z.number().int(),
  amount: z.number(),
  fee_amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  failure_reason: z.enum(PAYOUT_FAILURE_REASONS).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

export const payoutResponse = z.object({ data: payout, message: z.string() });

export const payoutHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(PAGE_SIZES.payoutHistory),
});

export const payoutHistoryResponse = z.object({
  data: z.object({
    payouts: z.array(payout),
    total: z.number().int(),
    pages: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
