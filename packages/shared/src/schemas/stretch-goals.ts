import { z } from 'zod';
import { REWARD_DESCRIPTION_MAX, REWARD_TITLE_MAX } from '../constants';
import { REWARD_MESSAGES } from '../messages/backing';
import { STRETCH_GOAL_MESSAGES } from '../messages/stretch-goals';
import { hasAtMostTwoDecimals } from '../money';
import { currencyCode } from './common';

/** Stretch goals (DESIGN.md §16): amounts above a project's goal, shown on its funding bar. */

export const stretchGoalParams = z.object({
  id: z.coerce.number().int().positive(),
  goalId: z.coerce.number().int().positive(),
});

/**
 * A stretch goal as its creator sends it. The amount is in major units of the project's currency; its decimals
 * for that currency and being above the goal are checked by the service, which knows the project.
 */
export const stretchGoalRequest = z.strictObject({
  amount: z
    .number({ error: STRETCH_GOAL_MESSAGES.amountRequired })
    .finite()
    .positive(STRETCH_GOAL_MESSAGES.amountRequired)
    .max(1_000_000_000)
    .refine(hasAtMostTwoDecimals, REWARD_MESSAGES.decimals),
  title: z
    .string({ error: REWARD_MESSAGES.titleRequired })
    .trim()
    .min(1, REWARD_MESSAGES.titleRequired)
    .max(REWARD_TITLE_MAX, REWARD_MESSAGES.titleLength),
  description: z.string().trim().max(REWARD_DESCRIPTION_MAX, REWARD_MESSAGES.descriptionLength).default(''),
  /** Must be the project's currency when given (a goal read and sent back names it; the service checks). */
  currency: z.string().max(3, STRETCH_GOAL_MESSAGES.currency).optional(),
});
export type StretchGoalRequest = z.infer<typeof stretchGoalRequest>;

export const stretchGoal = z.object({
  id: z.number().int(),
  /** Major units of `currency`, the project's. */
  amount: z.number(),
  currency: currencyCode,
  title: z.string(),
  description: z.string(),
  /** When the funded total first reached the amount; null until then. */
  reached_at: z.string().nullable(),
});
export type StretchGoal = z.infer<typeof stretchGoal>;

export const stretchGoalListResponse = z.object({ data: z.object({ stretch_goals: z.array(stretchGoal) }) });
export const stretchGoalResponse = z.object({ data: stretchGoal, message: z.string().optional() });
