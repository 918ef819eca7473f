export const UPDATE_TITLE_MAX = 150;

/** Rich text of an update, before sanitising (images may be inline data, as in descriptions). */
export const UPDATE_BODY_MAX = 100_000;

export const COMMENT_MAX = 2000;

export const FAQ_QUESTION_MAX = 300;

export const FAQ_ANSWER_MAX = 5000;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'msg.community.titleRequired',
  titleTooLong: 'msg.community.titleTooLong',
  bodyRequired: 'msg.community.bodyRequired',
  bodyTooLong: 'msg.community.bodyTooLong',
  visibility: 'msg.community.visibility',
  commentRequired: 'msg.community.commentRequired',
  commentTooLong: 'msg.community.commentTooLong',
  questionRequired: 'msg.community.questionRequired',
  questionTooLong: 'msg.community.questionTooLong',
  answerRequired: 'msg.community.answerRequired',
  answerTooLong: 'msg.community.answerTooLong',
  onlyBackersComment: 'msg.community.onlyBackersComment',
  onlyBackersRead: 'msg.community.onlyBackersRead',
  onlyCreatorPosts: 'msg.community.onlyCreatorPosts',
  onlyCreatorFaq: 'msg.community.onlyCreatorFaq',
  notLive: 'msg.community.notLive',
  commentRemoved: 'msg.community.commentRemoved',
  notYourComment: 'msg.community.notYourComment',
  cannotRemove: 'msg.community.cannotRemove',
  parentElsewhere: 'msg.community.parentElsewhere',
  updatePosted: 'msg.community.updatePosted',
  updateSaved: 'msg.community.updateSaved',
  updateDeleted: 'msg.community.updateDeleted',
  commentPosted: 'msg.community.commentPosted',
  commentSaved: 'msg.community.commentSaved',
  commentDeleted: 'msg.community.commentDeleted',
  faqSaved: 'msg.community.faqSaved',
  faqDeleted: 'msg.community.faqDeleted',
} as const;
