import {
  daysLeft,
  parseCalendarDate,
  percentFunded,
  type Project,
  REFERRAL_QUERY_PARAM,
  type Translator,
} from '@fundry/shared';
import { escape } from './page-head';

/** The card's size as the oEmbed answer frames it by default (DESIGN.md §19). */
export const EMBED_WIDTH = 360;
export const EMBED_HEIGHT = 440;

/** The card's own styles: inline, as nothing else may load in it (no script, no stylesheet, no font). */
const STYLE = `
*{box-sizing:border-box}html,body{margin:0;padding:0;background:#fff}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",sans-serif;color:#1a1b1e}
.card{display:flex;flex-direction:column;border:1px solid #dee2e6;border-radius:8px;overflow:hidden;height:100vh;max-height:${EMBED_HEIGHT}px}
.media{display:block;aspect-ratio:16/9;background:#e9ecef;overflow:hidden}
.media img{width:100%;height:100%;object-fit:cover;display:block}
.body{padding:12px 14px;display:flex;flex-direction:column;gap:6px;flex:1;min-height:0}
h1{font-size:16px;margin:0;line-height:1.3;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.by{margin:0;color:#495057;font-size:13px}
.bar{height:8px;border-radius:4px;background:#e9ecef;overflow:hidden;margin-top:4px}
.bar span{display:block;height:100%;background:#087f5b}
.stats{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap;margin:0;font-size:13px;color:#343a40}
.stats strong{color:#1a1b1e}
.go{margin-top:auto;display:block;text-align:center;background:#087f5b;color:#fff;text-decoration:none;padding:8px 12px;border-radius:6px;font-weight:600}
.go:focus-visible,.media:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
`;

/** The words and numbers of the card, in the reader's language. */
function statsOf(project: Project, t: Translator, now: number) {
  const percent = percentFunded(project.current_amount, project.goal_amount);
  const percentText =
    percent > 0 && percent < 1
      ? t.t('common.funding.underOnePercent')
      : t.number(Math.floor(percent) / 100, { style: 'percent' });
  const raised = t.money(project.current_amount, project.currency);
  const goal = project.goal_amount === null ? null : t.money(project.goal_amount, project.currency);
  const starts = project.start_date ? parseCalendarDate(project.start_date) : null;
  let when: string;
  if (project.status !== 'ACTIVE' || !project.end_date) when = t.t('common.project.ended');
  else if (starts !== null && starts > now) {
    when = t.t('common.project.startsIn', { count: Math.ceil((starts - now) / 86_400_000) });
  } else when = t.t('common.project.daysLeft', { count: daysLeft(project.end_date, now) });
  return { percent, percentText, raised, goal, when };
}

/**
 * The embed card (DESIGN.md §19): a small HTML document with everything inline, for another site's iframe: the
 * image, title, creator, funding bar, percent, amount and days left, and one link that opens the project on Fundry
 * with `ref=embed`, in a new tab. Right to left in Arabic.
 */
export function embedCard(project: Project, t: Translator, appUrl: string, now: number): string {
  const { percent, percentText, raised, goal, when } = statsOf(project, t, now);
  const link = `${appUrl}/projects/${project.id}?${REFERRAL_QUERY_PARAM}=embed`;
  const image = project.image_card_url ?? project.image_url;
  const imageUrl = image ? new URL(image, `${appUrl}/`).toString() : null;
  const title = escape(project.title);
  const open = `href="${escape(link)}" target="_blank" rel="noopener"`;
  const funded = t.t('common.funding.percentFunded', { percent: percentText });
  return `<!doctype html>
<html lang="${t.locale}" dir="${t.dir}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escape(t.t('embed.documentTitle', { title: project.title }))}</title>
<style>${STYLE}</style>
</head>
<body>
<article class="card">
${
  imageUrl
    ? `<a class="media" ${open} tabindex="-1" aria-hidden="true"><img src="${escape(imageUrl)}" alt="" width="${EMBED_WIDTH}" height="203" /></a>`
    : ''
}
<div class="body">
<h1>${title}</h1>
<p class="by">${escape(t.t('embed.by', { name: project.creator.name }))}</p>
<div class="bar" role="progressbar" aria-label="${escape(funded)}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${Math.min(100, Math.floor(percent))}"><span style="width:${Math.min(100, percent).toFixed(1)}%"></span></div>
<p class="stats"><strong>${escape(funded)}</strong><span>${escape(when)}</span></p>
<p class="stats"><span>${escape(
    goal === null
      ? t.t('embed.raised', { amount: raised })
      : t.t('embed.raisedOfGoal', { amount: raised, goal }),
  )}</span></p>
<a class="go" ${open}>${escape(t.t('embed.view'))}</a>
</div>
</article>
</body>
</html>`;
}
