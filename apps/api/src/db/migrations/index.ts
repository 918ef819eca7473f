import type { Migration } from 'kysely';
import * as accounts from './0001_accounts';
import * as categories from './0002_categories';
import * as sessionsTokensMail from './0003_sessions_tokens_mail';
import * as projects from './0004_projects';
import * as discovery from './0005_discovery';
import * as backing from './0006_backing';
import * as payouts from './0007_payouts';
import * as typeaheadKnn from './0008_typeahead_knn';
import * as pageIndexes from './0009_page_indexes';
import * as pledges from './0010_pledges';
import * as community from './0011_community';
import * as preferences from './0012_preferences';
import * as tools from './0013_tools';
import * as backings from './0014_backings';
import * as searchByCategory from './0015_search_by_category';
import * as typeaheadInMemory from './0016_typeahead_in_memory';
import * as projectChangeNotifications from './0017_project_change_notifications';
import * as backerSummaries from './0018_backer_summaries';
import * as searchWithinCategories from './0019_search_within_categories';
import * as smallSearchPendingLists from './0020_small_search_pending_lists';
import * as searchWithinBuckets from './0021_search_within_buckets';
import * as projectRecords from './0022_project_records';
import * as vacuumBusyProjects from './0023_vacuum_busy_projects';
import * as publicTitlesVersion from './0024_public_titles_version';
import * as languages from './0025_languages';
import * as notificationMessages from './0026_notification_messages';
import * as currencies from './0027_currencies';
import * as communityChangeNotifications from './0028_community_change_notifications';
import * as moneyCurrencies from './0029_money_currencies';
import * as baseAmounts from './0030_base_amounts';
import * as stretchGoals from './0031_stretch_goals';
import * as messages from './0032_messages';
import * as fulfilmentReceived from './0033_fulfilment_received';
import * as addOns from './0034_add_ons';
import * as latePledges from './0035_late_pledges';
import * as surveys from './0036_surveys';
import * as addOnImages from './0037_add_on_images';
import * as inboxUnread from './0038_inbox_unread';
import * as backingsLiveToLive from './0039_backings_live_to_live';
import * as backingsInBase from './0040_backings_in_base';
import * as surveyChargeResume from './0041_survey_charge_resume';
import * as inboxCounters from './0042_inbox_counters';
import * as closedAccountsUnnamed from './0043_closed_accounts_unnamed';
import * as closedAccountsUnmailed from './0044_closed_accounts_unmailed';
import * as rejectionsUnexplained from './0045_rejections_unexplained';
import * as paymentErrorCodes from './0046_payment_error_codes';
import * as declinedNotificationsReason from './0047_declined_notifications_reason';
import * as surveyDeclinedNotificationsReason from './0048_survey_declined_notifications_reason';
import * as payoutFailureReasons from './0049_payout_failure_reasons';
import * as backerSummariesHeld from './0050_backer_summaries_held';
import * as campaignsEndedEarly from './0051_campaigns_ended_early';
import * as userSanctions from './0052_user_sanctions';
import * as moderation from './0053_moderation';
import * as collaborators from './0054_collaborators';
import * as follows from './0055_follows';
import * as referrals from './0056_referrals';
import * as pledgeOverTime from './0057_pledge_over_time';
import * as refundIndexes from './0058_refund_indexes';
import * as goalIndexCovering from './0059_goal_index_covering';
import * as searchColumnsKeptByTrigger from './0060_search_columns_kept_by_trigger';
import * as backerCurrencyTotals from './0061_backer_currency_totals';

/** Every migration, in order. Listed statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_categories': categories,
  '0003_sessions_tokens_mail': sessionsTokensMail,
  '0004_projects': projects,
  '0005_discovery': discovery,
  '0006_backing': backing,
  '0007_payouts': payouts,
  '0008_typeahead_knn': typeaheadKnn,
  '0009_page_indexes': pageIndexes,
  '0010_pledges': pledges,
  '0011_community': community,
  '0012_preferences': preferences,
  '0013_tools': tools,
  '0014_backings': backings,
  '0015_search_by_category': searchByCategory,
  '0016_typeahead_in_memory': typeaheadInMemory,
  '0017_project_change_notifications': projectChangeNotifications,
  '0018_backer_summaries': backerSummaries,
  '0019_search_within_categories': searchWithinCategories,
  '0020_small_search_pending_lists': smallSearchPendingLists,
  '0021_search_within_buckets': searchWithinBuckets,
  '0022_project_records': projectRecords,
  '0023_vacuum_busy_projects': vacuumBusyProjects,
  '0024_public_titles_version': publicTitlesVersion,
  '0025_languages': languages,
  '0026_notification_messages': notificationMessages,
  '0027_currencies': currencies,
  '0028_community_change_notifications': communityChangeNotifications,
  '0029_money_currencies': moneyCurrencies,
  '0030_base_amounts': baseAmounts,
  '0031_stretch_goals': stretchGoals,
  '0032_messages': messages,
  '0033_fulfilment_received': fulfilmentReceived,
  '0034_add_ons': addOns,
  '0035_late_pledges': latePledges,
  '0036_surveys': surveys,
  '0037_add_on_images': addOnImages,
  '0038_inbox_unread': inboxUnread,
  '0039_backings_live_to_live': backingsLiveToLive,
  '0040_backings_in_base': backingsInBase,
  '0041_survey_charge_resume': surveyChargeResume,
  '0042_inbox_counters': inboxCounters,
  '0043_closed_accounts_unnamed': closedAccountsUnnamed,
  '0044_closed_accounts_unmailed': closedAccountsUnmailed,
  '0045_rejections_unexplained': rejectionsUnexplained,
  '0046_payment_error_codes': paymentErrorCodes,
  '0047_declined_notifications_reason': declinedNotificationsReason,
  '0048_survey_declined_notifications_reason': surveyDeclinedNotificationsReason,
  '0049_payout_failure_reasons': payoutFailureReasons,
  '0050_backer_summaries_held': backerSummariesHeld,
  '0051_campaigns_ended_early': campaignsEndedEarly,
  '0052_user_sanctions': userSanctions,
  '0053_moderation': moderation,
  '0054_collaborators': collaborators,
  '0055_follows': follows,
  '0056_referrals': referrals,
  '0057_pledge_over_time': pledgeOverTime,
  '0058_refund_indexes': refundIndexes,
  '0059_goal_index_covering': goalIndexCovering,
  '0060_search_columns_kept_by_trigger': searchColumnsKeptByTrigger,
  '0061_backer_currency_totals': backerCurrencyTotals,
};
