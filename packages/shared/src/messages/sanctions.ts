/** The validation messages of the sanctions' requests (DESIGN.md §18). */
export const SANCTION_MESSAGES = {
  reasonUnknown: 'msg.sanctions.reasonUnknown',
  messageRequired: 'msg.sanctions.messageRequired',
  messageTooLong: 'msg.sanctions.messageTooLong',
  untilRequired: 'msg.sanctions.untilRequired',
} as const;
