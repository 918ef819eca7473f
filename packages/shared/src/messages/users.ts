export const PROFILE_PHOTO_MESSAGES = {
  type: 'Invalid file type. Please upload JPEG, PNG, or GIF.',
  size: 'File size exceeds 5MB limit.',
} as const;
