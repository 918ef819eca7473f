/** DESIGN.md §17: the backer survey's messages (catalog keys). */
export const SURVEY_MESSAGES = {
  promptRequired: 'msg.survey.promptRequired',
  promptLength: 'msg.survey.promptLength',
  optionsRequired: 'msg.survey.optionsRequired',
  optionLength: 'msg.survey.optionLength',
  optionTwice: 'msg.survey.optionTwice',
  oneTarget: 'msg.survey.oneTarget',
  tooManyQuestions: 'msg.survey.tooManyQuestions',
  answerLength: 'msg.survey.answerLength',
  answerTwice: 'msg.survey.answerTwice',
  notAnOption: 'msg.survey.notAnOption',
  unknownQuestion: 'msg.survey.unknownQuestion',
  requiredMissing: 'msg.survey.requiredMissing',
  locked: 'msg.survey.locked',
  notCollected: 'msg.survey.notCollected',
  alreadySent: 'msg.survey.alreadySent',
  notSent: 'msg.survey.notSent',
  notLaunched: 'msg.survey.notLaunched',
  unknownTarget: 'msg.survey.unknownTarget',
  noCard: 'msg.survey.noCard',
  addOnDeclined: 'msg.survey.addOnDeclined',
  addOnCharged: 'msg.survey.addOnCharged',
  addOnPending: 'msg.survey.addOnPending',
  saved: 'msg.survey.saved',
  sent: 'msg.survey.sent',
  lockedDone: 'msg.survey.lockedDone',
  updated: 'msg.survey.updated',
} as const;

/** The longest text answer. */
export const SURVEY_ANSWER_MAX = 2000;
export const SURVEY_PROMPT_MAX = 500;
export const SURVEY_OPTION_MAX = 100;
export const SURVEY_OPTIONS_MAX = 30;
export const SURVEY_QUESTIONS_MAX = 50;
/** Reminders to those who have not answered go this often (DESIGN.md §17). */
export const SURVEY_REMINDER_DAYS = 2;

/** What became of add-ons bought in the survey: charged, declined, or pending (being confirmed, decision 026). */
export const ADD_ON_CHARGE_STATUSES = ['succeeded', 'declined', 'pending'] as const;
export type AddOnChargeStatus = (typeof ADD_ON_CHARGE_STATUSES)[number];

/** The backer list's and bulk messages' survey filter. */
export const SURVEY_FILTERS = ['answered', 'unanswered'] as const;
export type SurveyFilter = (typeof SURVEY_FILTERS)[number];
