export const DEMO_CATEGORIES = [
  'Art',
  'Community',
  'Design',
  'Education',
  'Film & Video',
  'Food',
  'Games',
  'Health',
  'Music',
  'Publishing',
  'Technology',
];
