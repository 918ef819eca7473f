/** Demo accounts; their password is printed in the README so a new user can sign in at once. */
export const DEMO_PASSWORD = 'Fundry-Demo#2026';

export const DEMO_USERS = [
  {
    username: 'admin',
    email: 'admin@fundry.dev',
    full_name: 'Avery Admin',
    admin: true,
    location: 'Berlin, Germany',
    bio: 'Keeps Fundry tidy and fair.',
  },
  {
    username: 'maya',
    email: 'maya@fundry.dev',
    full_name: 'Maya Okafor',
    admin: false,
    location: 'Lagos, Nigeria',
    bio: 'Hardware tinkerer building solar gadgets for places the grid forgot.',
  },
  {
    username: 'leo',
    email: 'leo@fundry.dev',
    full_name: 'Leo Martins',
    admin: false,
    location: 'Porto, Portugal',
    bio: 'Indie game developer and pixel-art enthusiast.',
  },
  {
    username: 'sofia',
    email: 'sofia@fundry.dev',
    full_name: 'Sofia Lindqvist',
    admin: false,
    location: 'Malmö, Sweden',
    bio: 'Backer of bold ideas; occasional documentary maker.',
  },
  {
    username: 'yuki',
    email: 'yuki@fundry.dev',
    full_name: 'Yuki Tanaka',
    admin: false,
    location: 'Kyoto, Japan',
    bio: 'Makes lamps from mended tea bowls; plays the koto.',
  },
  {
    username: 'lena',
    email: 'lena@fundry.dev',
    full_name: 'Lena Vogel',
    admin: false,
    location: 'Berlin, Germany',
    bio: 'Baker by night, pen collector by day.',
  },
  {
    username: 'rafael',
    email: 'rafael@fundry.dev',
    full_name: 'Rafael Souza',
    admin: false,
    location: 'Lisbon, Portugal',
    bio: 'Backs crafts from everywhere.',
  },
];
