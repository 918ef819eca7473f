export const PROFILE_PHOTO_MESSAGES = {
  type: 'msg.profilePhoto.type',
  size: 'msg.profilePhoto.size',
} as const;
