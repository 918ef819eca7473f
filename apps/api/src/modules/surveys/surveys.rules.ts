import { type SurveyQuestion, SURVEY_MESSAGES } from '@fundry/shared';
import { AppError } from '../../errors';
import type { QuestionRow } from './surveys.repository';

/** The backer's page of the survey of a pledge. */
export const surveyPath = (donationId: number) => `/backed-projects/${donationId}/survey`;

export const toQuestion = (row: QuestionRow): SurveyQuestion => ({
  id: row.id,
  reward_id: row.reward_id,
  add_on_id: row.add_on_id,
  kind: row.kind,
  prompt: row.prompt,
  options: row.options,
  required: row.required,
});

/** The questions that apply to a pledge: its reward's, its add-ons', and those for every pledge. */
export function applying(questions: QuestionRow[], rewardId: number | null, held: { add_on_id: number }[]) {
  const addOns = new Set(held.map((line) => line.add_on_id));
  return questions.filter(
    (q) =>
      (q.reward_id === null && q.add_on_id === null) ||
      (q.reward_id !== null && q.reward_id === rewardId) ||
      (q.add_on_id !== null && addOns.has(q.add_on_id)),
  );
}

/** The answers as stored, each checked against its question; a required one left out is a 400 naming it. */
export function checkAnswers(questions: QuestionRow[], answers: { question_id: number; value: string }[]) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const stored: Record<string, string> = {};
  for (const answer of answers) {
    const question = byId.get(answer.question_id);
    if (!question) {
      throw new AppError('VALIDATION_ERROR', SURVEY_MESSAGES.unknownQuestion, {
        [`answers.${answer.question_id}`]: [SURVEY_MESSAGES.unknownQuestion],
      });
    }
    if (answer.value === '') continue;
    if (question.kind === 'choice' && !question.options.includes(answer.value)) {
      throw new AppError(
        'VALIDATION_ERROR',
        SURVEY_MESSAGES.notAnOption,
        { [`answers.${question.id}`]: [SURVEY_MESSAGES.notAnOption] },
        undefined,
        { prompt: question.prompt },
      );
    }
    stored[String(question.id)] = answer.value;
  }
  const missing = questions.find((q) => q.required && stored[String(q.id)] === undefined);
  if (missing) {
    throw new AppError(
      'VALIDATION_ERROR',
      SURVEY_MESSAGES.requiredMissing,
      { [`answers.${missing.id}`]: [SURVEY_MESSAGES.requiredMissing] },
      undefined,
      { prompt: missing.prompt },
    );
  }
  return stored;
}
