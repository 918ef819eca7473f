import { z } from 'zod';
import {
  ADD_ON_CHARGE_STATUSES,
  SURVEY_ANSWER_MAX,
  SURVEY_MESSAGES,
  SURVEY_OPTION_MAX,
  SURVEY_OPTIONS_MAX,
  SURVEY_PROMPT_MAX,
  SURVEY_QUESTIONS_MAX,
} from '../messages/surveys';
import { ADD_ON_MESSAGES } from '../messages/add-ons';
import { ADD_ON_QUANTITY_MAX } from '../constants';
import { shippingAddress, shippingAddressView } from './backing';

export const SURVEY_QUESTION_KINDS = ['choice', 'text'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

/** DESIGN.md §17: one question as the creator writes it; `id` keeps an existing question (and its answers). */
export const surveyQuestionInput = z
  .strictObject({
    id: z.number().int().positive().optional(),
    reward_id: z.number().int().positive().nullable().default(null),
    add_on_id: z.number().int().positive().nullable().default(null),
    kind: z.enum(SURVEY_QUESTION_KINDS),
    prompt: z
      .string()
      .trim()
      .min(1, SURVEY_MESSAGES.promptRequired)
      .max(SURVEY_PROMPT_MAX, SURVEY_MESSAGES.promptLength),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, SURVEY_MESSAGES.optionLength)
          .max(SURVEY_OPTION_MAX, SURVEY_MESSAGES.optionLength),
      )
      .max(SURVEY_OPTIONS_MAX, SURVEY_MESSAGES.optionsRequired)
      .default([]),
    required: z.boolean().default(false),
  })
  .refine((q) => q.reward_id === null || q.add_on_id === null, {
    message: SURVEY_MESSAGES.oneTarget,
    path: ['add_on_id'],
  })
  .refine((q) => q.kind !== 'choice' || q.options.length >= 2, {
    message: SURVEY_MESSAGES.optionsRequired,
    path: ['options'],
  })
  .refine((q) => new Set(q.options).size === q.options.length, {
    message: SURVEY_MESSAGES.optionTwice,
    path: ['options'],
  });
export type SurveyQuestionInput = z.infer<typeof surveyQuestionInput>;

export const surveyRequest = z.strictObject({
  questions: z.array(surveyQuestionInput).max(SURVEY_QUESTIONS_MAX, SURVEY_MESSAGES.tooManyQuestions),
});
export type SurveyRequest = z.infer<typeof surveyRequest>;

export const surveyQuestion = z.object({
  id: z.number().int(),
  reward_id: z.number().int().nullable(),
  add_on_id: z.number().int().nullable(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  prompt: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;

/** The creator's view: the questions, when it was sent and locked, and how many of how many answered. */
export const survey = z.object({
  project_id: z.number().int(),
  questions: z.array(surveyQuestion),
  sent_at: z.string().nullable(),
  locked_at: z.string().nullable(),
  /** Whether the pledges are collected, so that it may be sent. */
  collected: z.boolean(),
  recipients: z.number().int(),
  answered: z.number().int(),
});
export type Survey = z.infer<typeof survey>;
export const surveyResponse = z.object({ data: survey, message: z.string().optional() });

export const surveyAnswer = z.strictObject({
  question_id: z.number().int().positive(),
  value: z.string().trim().max(SURVEY_ANSWER_MAX, SURVEY_MESSAGES.answerLength),
});

/** The backer's answers (DESIGN.md §17): the whole set each time, with the address and add-ons to buy. */
export const backerSurveyRequest = z.strictObject({
  answers: z
    .array(surveyAnswer)
    .max(200)
    .refine(
      (answers) => new Set(answers.map((a) => a.question_id)).size === answers.length,
      SURVEY_MESSAGES.answerTwice,
    ),
  shipping_address: shippingAddress.nullable().optional(),
  add_ons: z
    .array(
      z.strictObject({
        add_on_id: z.number().int().positive(),
        quantity: z
          .number()
          .int()
          .min(1, ADD_ON_MESSAGES.quantity)
          .max(ADD_ON_QUANTITY_MAX, ADD_ON_MESSAGES.quantity),
      }),
    )
    .max(20)
    .refine((lines) => new Set(lines.map((l) => l.add_on_id)).size === lines.length, ADD_ON_MESSAGES.twice)
    .default([]),
});
export type BackerSurveyRequest = z.infer<typeof backerSurveyRequest>;

/** An add-on the survey offers: it comes with the pledge's reward and has stock left. */
export const surveyAddOn = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  remaining: z.number().int().nullable(),
  /** How many more this pledge may add (the per-add-on limit less what it holds). */
  max_quantity: z.number().int(),
  ships: z.boolean(),
  /** Shipping per item to the pledge's address country; null when it does not ship there (or no address yet). */
  shipping: z.number().nullable(),
});

export const backerSurvey = z.object({
  donation_id: z.number().int(),
  project_id: z.number().int(),
  project_title: z.string(),
  currency: z.string(),
  reward: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  questions: z.array(surveyQuestion),
  answers: z.array(z.object({ question_id: z.number().int(), value: z.string() })),
  answered_at: z.string().nullable(),
  locked: z.boolean(),
  needs_address: z.boolean(),
  shipping_address: shippingAddressView.nullable(),
  /** Empty when the pledge has no saved card (a flexible pledge paid at checkout) or the survey is locked. */
  add_ons: z.array(surveyAddOn),
  can_buy_add_ons: z.boolean(),
});
export type BackerSurvey = z.infer<typeof backerSurvey>;

export const backerSurveyResponse = z.object({
  data: backerSurvey,
  /**
   * The add-ons bought on this submit: charged, declined (then not added), or pending — the provider did not answer,
   * so the payment is being confirmed; the backer is notified of its outcome (decision 026).
   */
  add_on_charge: z
    .object({ status: z.enum(ADD_ON_CHARGE_STATUSES), amount: z.number(), currency: z.string() })
    .nullable()
    .optional(),
  message: z.string().optional(),
});
