export const UPDATE_TITLE_MAX = 150;

/** Rich text of an update, before sanitising (images may be inline data, as in descriptions). */
export const UPDATE_BODY_MAX = 100_000;

export const COMMENT_MAX = 2000;

export const FAQ_QUESTION_MAX = 300;

export const FAQ_ANSWER_MAX = 5000;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'Please give the update a title',
  titleTooLong: `The title can be at most ${UPDATE_TITLE_MAX} characters`,
  bodyRequired: 'Please write the update',
  bodyTooLong: 'The update is too long',
  visibility: 'Choose who can read the update: everyone or backers only',
  commentRequired: 'Please write a comment',
  commentTooLong: `A comment can be at most ${COMMENT_MAX} characters`,
  questionRequired: 'Please write the question',
  questionTooLong: `The question can be at most ${FAQ_QUESTION_MAX} characters`,
  answerRequired: 'Please write the answer',
  answerTooLong: `The answer can be at most ${FAQ_ANSWER_MAX} characters`,
  onlyBackersComment: 'Only backers can comment on this project',
  onlyBackersRead: 'Back this project to read this update',
  onlyCreatorPosts: 'Only the project’s creator can post updates',
  onlyCreatorFaq: 'Only the project’s creator can manage its FAQ',
  notLive: 'Updates can be posted once the project is live',
  commentRemoved: 'This comment was removed',
  notYourComment: 'You can only edit your own comments',
  cannotRemove: 'You can only remove your own comments, or comments on your project',
  parentElsewhere: 'You can only reply to a comment in the same discussion',
  updatePosted: 'Your update was posted and your backers were notified.',
  updateSaved: 'Your update was saved.',
  updateDeleted: 'The update was deleted.',
  commentPosted: 'Your comment was posted.',
  commentSaved: 'Your comment was saved.',
  commentDeleted: 'The comment was removed.',
  faqSaved: 'The question was saved.',
  faqDeleted: 'The question was deleted.',
} as const;
