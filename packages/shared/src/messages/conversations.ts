/** The longest message a person may write (DESIGN.md §17). */
export const MESSAGE_BODY_MAX = 5000;

/** The catalog keys of the messages' validation and confirmations (DESIGN.md §17). */
export const CONVERSATION_MESSAGES = {
  bodyRequired: 'msg.messages.bodyRequired',
  bodyTooLong: 'msg.messages.bodyTooLong',
  sent: 'msg.messages.sent',
  bulkSent: 'msg.messages.bulkSent',
  blocked: 'msg.messages.blocked',
  unblocked: 'msg.messages.unblocked',
} as const;
