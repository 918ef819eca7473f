import { daysLeft, minorToMajor, type ProjectCard, truncate } from '@fundry/shared';
import type { ProjectRecord } from './projects.repository';

const SHORT_DESCRIPTION_LENGTH = 200;

export function toCard(row: ProjectRecord): ProjectCard {
  const goal = row.goal_cents === null ? null : minorToMajor(row.goal_cents, row.currency);
  const current = minorToMajor(row.current_cents, row.currency);
  const category =
    row.category_id !== null && row.category_name !== null
      ? { id: row.category_id, name: row.category_name }
      : null;
  return {
    id: row.id,
    currency: row.currency,
    title: row.title,
    description: row.description,
    short_description: truncate(row.description_text, SHORT_DESCRIPTION_LENGTH),
    risks_and_challenges: row.risks_and_challenges,
    risk_and_challenges: row.risks_and_challenges,
    status: row.status,
    featured: row.featured,
    featured_requested: row.featured_requested,
    funding_model: row.funding_model,
    goal_amount: goal,
    funding_goal: goal,
    current_amount: current,
    total_pledged: current,
    backers_count: row.backers_count,
    start_date: row.start_date,
    end_date: row.end_date,
    days_left: row.status === 'ACTIVE' ? daysLeft(row.end_date) : 0,
    image_url: row.image_url,
    image_card_url: row.image_card_url,
    video_url: row.video_url,
    category_id: row.category_id,
    category,
    category_name: row.category_name,
    creator_id: row.creator_id,
    creator: {
      id: row.creator_id,
      username: row.creator_username,
      full_name: row.creator_full_name,
      name: row.creator_full_name || row.creator_username,
      profile_image: row.creator_profile_image,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    revocation_date: row.revocation_date?.toISOString() ?? null,
    revocation_reason: row.revocation_reason,
    ended_at: row.ended_at?.toISOString() ?? null,
    end_message: row.end_message,
    suspension_reason: row.suspension_reason,
    language: row.language,
  };
}
