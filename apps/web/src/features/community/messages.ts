/** Words of the community pieces (updates, comments, FAQ) that the server does not send. */
export const COMMUNITY_TEXT = {
  noUpdates: 'No updates yet',
  noComments: 'No comments yet',
  noFaqs: 'No questions yet',
  postUpdate: 'Post an Update',
  editUpdate: 'Edit update',
  backersOnly: 'Backers only',
  locked: 'Back this project to read this update',
  lockedHint: 'This update is for backers of the project.',
  removed: 'This comment was removed',
  signInToComment: 'Sign in and back this project to join the conversation.',
  onlyBackers: 'Only backers can comment on this project',
  updateNotFound: 'Update not found',
  deleteUpdateQuestion: 'Delete this update? Backers will no longer see it, and its comments go with it.',
  deleteCommentQuestion: 'Remove this comment? Replies to it stay, under “This comment was removed”.',
  deleteFaqQuestion: 'Delete this question from the FAQ?',
} as const;
