/** Stretch goals (DESIGN.md §16): the messages of their form and of the API's checks. */
export const STRETCH_GOAL_MESSAGES = {
  amountRequired: 'msg.stretchGoal.amountRequired',
  /** `{goal}`: the project's goal in its currency. */
  aboveGoal: 'msg.stretchGoal.aboveGoal',
  goalFirst: 'msg.stretchGoal.goalFirst',
  amountTaken: 'msg.stretchGoal.amountTaken',
  /** `{currency}`: the project's. */
  currency: 'msg.stretchGoal.currency',
  onlyCreator: 'api.stretchGoals.onlyCreator',
  locked: 'api.stretchGoals.locked',
  created: 'api.stretchGoals.created',
  updated: 'api.stretchGoals.updated',
  deleted: 'api.stretchGoals.deleted',
} as const;
