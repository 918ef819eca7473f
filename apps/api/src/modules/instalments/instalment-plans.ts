import type { Kysely } from 'kysely';
import {
  campaignEnd,
  chargeDate,
  INSTALMENT_MESSAGES,
  type Instalment,
  minorToMajor,
  planInstalments,
  pledgeOverTimeMinimum,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../errors';
import { dropPlan, type InstalmentRow, replacePlan } from './instalments.repository';

export interface PlanSettings {
  /** PLEDGE_OVER_TIME_MIN: major units of the base currency. */
  minimum: number;
  /** INSTALMENT_INTERVAL_DAYS. */
  intervalDays: number;
  baseCurrency: string;
}

interface PlannedProject {
  funding_model: string;
  pledge_over_time: boolean;
  currency: string;
  base_rate: string | null;
  end_date: string | null;
}

/**
 * A pledge's plan of instalments (DESIGN.md §20) as the Back button and Manage pledge set it: the rules that allow
 * one, each refused with a 422 that names it, and the plan written from the pledge's whole amount (add-ons and
 * shipping included) as the server priced it, never from the client.
 */
export class InstalmentPlans {
  constructor(
    private readonly settings: PlanSettings,
    private readonly clock: Clock,
  ) {}

  get intervalDays() {
    return this.settings.intervalDays;
  }

  /** The smallest pledge paid over time on this project, in its minor units (null: no rate to tell yet). */
  minimumOf(project: { currency: string; base_rate: string | null }) {
    return pledgeOverTimeMinimum(
      this.settings.minimum,
      this.settings.baseCurrency,
      project.currency,
      project.base_rate,
    );
  }

  /** Why this pledge may not be paid over time, as a 422; nothing when it may. */
  assertAllowed(project: PlannedProject, amountCents: number, late: boolean) {
    const refuse = (message: string, values?: Record<string, string | number>) => {
      throw new AppError('UNPROCESSABLE', message, { pay_over_time: [message] }, undefined, values);
    };
    if (late) refuse(INSTALMENT_MESSAGES.late);
    if (project.funding_model !== 'all_or_nothing') refuse(INSTALMENT_MESSAGES.flexible);
    if (!project.pledge_over_time) refuse(INSTALMENT_MESSAGES.notOffered);
    if (project.end_date === null || this.clock().getTime() > campaignEnd(project.end_date)) {
      refuse(INSTALMENT_MESSAGES.afterEnd);
    }
    const minimum = this.minimumOf(project);
    if (minimum === null || amountCents < minimum) {
      refuse(INSTALMENT_MESSAGES.belowMinimum, {
        minimum: minorToMajor(minimum ?? 0, project.currency),
        currency: project.currency,
      });
    }
  }

  /** Whether a pledge of this amount may stay on its plan (a change below the minimum drops the plan). */
  keeps(project: PlannedProject, amountCents: number) {
    const minimum = this.minimumOf(project);
    return minimum !== null && amountCents >= minimum;
  }

  /** The plan of a pledge of `amountCents`: its first instalment on the campaign's charge date. */
  async write(trx: Kysely<DB>, donationId: number, amountCents: number, endDate: string) {
    await replacePlan(
      trx,
      donationId,
      planInstalments(amountCents, chargeDate(endDate), this.settings.intervalDays),
    );
  }

  drop(trx: Kysely<DB>, donationId: number) {
    return dropPlan(trx, donationId);
  }
}

/** Instalments as the API shows them, in the pledge's currency. */
export function toInstalments(rows: readonly InstalmentRow[], currency: string): Instalment[] {
  return rows.map((row) => ({
    number: row.number,
    amount: minorToMajor(Number(row.amount_cents), currency),
    due_on: row.due_on,
    status: row.status,
    charged_at: row.charged_at?.toISOString() ?? null,
  }));
}
