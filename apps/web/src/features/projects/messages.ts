/** The project screens' texts (SPEC §2 and §8); the form's field messages are PROJECT_MESSAGES in shared. */
export const PROJECT_PAGE_MESSAGES = {
  created: 'Project created',
  draftSaved: 'Draft saved',
  updated: 'Project updated successfully',
  createFailed: (message: string) => `Failed to create project: ${message}`,
  updateFailed: (message: string) => `Failed to update project: ${message}`,
  operationFailed: 'Operation failed',
  categoriesFailed: 'Failed to load categories',
  draftLoadFailed: 'Failed to load draft data',
  imageFailed: 'Failed to process image',
  videoFailed: 'Failed to process video',
  previewFailed: (kind: 'image' | 'video') => `Failed to load ${kind} preview`,
  detailsFailed: 'Failed to fetch project details',
  notFound: 'Project not found',
  underReview: 'This project is currently under review and not yet visible to others.',
  noDescription: 'No description provided.',
  noRisks: 'No risks or challenges have been provided by the creator.',
  notSpecified: 'Not specified',
  noUpdates: 'No updates yet',
  noComments: 'No comments yet',
  anonymousCreator: 'Anonymous Creator',
  myProjectsFailed: 'Failed to load your projects',
  savedFailed: 'Failed to load saved projects. Please try again later.',
  unsaveFailed: 'Failed to unsave project. Please try again.',
  untitled: 'Untitled Project',
} as const;

/** Moderation outcomes (SPEC §8). */
export const ADMIN_ACTION_MESSAGES = {
  activate: 'Project activated successfully',
  revoke: 'Project revoked successfully',
  feature: 'Project featured successfully',
  unfeature: 'Project unfeatured successfully',
  failed: (action: AdminAction) => `Failed to ${action} project`,
} as const;

export type AdminAction = 'activate' | 'revoke' | 'feature' | 'unfeature';

/** The eight tips of the 'View Project Guidelines' dialog (SPEC §2). */
export const PROJECT_GUIDELINES = [
  {
    title: 'Clear title',
    text: 'Name the project so that a stranger understands at a glance what you are making.',
  },
  {
    title: 'Realistic goal',
    text: 'Ask for what the project really costs: production, shipping, fees and a margin for surprises.',
  },
  {
    title: 'Detailed description',
    text: 'Explain what you are building, why it matters, who you are and how the money will be spent.',
  },
  {
    title: 'Quality media',
    text: 'A sharp image and a short video show backers the project far better than words alone.',
  },
  {
    title: 'Transparency about risks',
    text: 'Say honestly what could go wrong and how you will handle it; backers trust candour.',
  },
  {
    title: 'Realistic timeline',
    text: 'Choose campaign dates (at most 90 days) and delivery dates you can keep, with room for delays.',
  },
  {
    title: 'Target audience',
    text: 'Know who the project is for and write the page for them.',
  },
  {
    title: 'Marketing plan',
    text: 'Plan how you will tell people about the campaign before, during and after its launch.',
  },
] as const;
