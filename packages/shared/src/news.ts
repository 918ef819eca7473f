export interface NewsItem {
  slug: string;
  title: string;
  date: string;
  summary: string;
  body: string[];
}

export const NEWS: NewsItem[] = [
  {
    slug: 'flexible-funding',
    title: 'Flexible funding is here',
    date: '2026-11-02',
    summary: 'Creators can now choose to keep what they raise, even when a campaign ends short of its goal.',
    body: [
      'Until now every campaign on Fundry was all-or-nothing: backers were refunded when a project did not reach its goal. That model protects backers and still suits most projects.',
      'Some projects, though, can deliver something valuable with any amount. From today creators can choose flexible funding when they create a project. Backers see the choice on the project page before they pledge.',
    ],
  },
  {
    slug: 'two-factor-sign-in',
    title: 'Protect your account with two-factor sign-in',
    date: '2026-10-14',
    summary: 'Add an authenticator app to your account in under a minute from your profile.',
    body: [
      'Two-factor sign-in asks for a six-digit code from an authenticator app each time you sign in, so a stolen password alone cannot open your account.',
      'Open your Profile, choose Account Settings and follow the steps: we e-mail you a confirmation code, show a QR code to scan, and ask for one code from the app to finish.',
    ],
  },
  {
    slug: 'creator-payouts',
    title: 'Faster payouts for creators',
    date: '2026-09-30',
    summary: 'Connect a bank account once and request payouts straight from your project page.',
    body: [
      'Creators can connect a bank account through our payment provider and request payouts from the payment panel of each project.',
      'The panel shows what your backers gave, the fees, what has been paid out and what is available, so there are no surprises.',
    ],
  },
];
