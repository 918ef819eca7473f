import type { Kysely, Selectable } from 'kysely';
import {
  ADD_ON_MESSAGES,
  type AddOn,
  type AddOnRequest,
  MAX_IMAGE_BYTES,
  minorToMajor,
  REWARD_MESSAGES,
  type ShippingRule,
} from '@fundry/shared';
import type { AddOnsTable, DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { newMediaKey, reencodeImage, sniffImage } from '../media/images';
import type { FileStorage } from '../media/storage';
import { minorUnitsIn } from '../payments/amounts';
import { latePledgesRefusal } from '../late-pledges/late-pledges.rules';
import type { ProjectAccess } from '../projects/project-access';
import { latePriceIn, onlyLatePriceChanges } from '../rewards/rewards.service';
import {
  deleteUnpledgedAddOn,
  insertAddOn,
  listAddOns,
  lockAddOn,
  rewardIdsOf,
  updateAddOn,
} from './add-ons.repository';

/** An add-on as the API shows it; its amounts are in `currency`, its project's. */
export function toAddOn(row: Selectable<AddOnsTable>, currency: string): AddOn {
  const remaining =
    row.quantity_available === null
      ? null
      : Math.max(0, row.quantity_available - row.quantity_claimed - row.quantity_reserved);
  return {
    id: row.id,
    project_id: row.project_id,
    currency,
    title: row.title,
    description: row.description,
    price: minorToMajor(row.price_cents, currency),
    late_price: row.late_price_cents === null ? null : minorToMajor(row.late_price_cents, currency),
    quantity_available: row.quantity_available,
    quantity_claimed: row.quantity_claimed,
    remaining,
    is_available: remaining === null || remaining > 0,
    available_with: row.available_with,
    shipping_rules: row.shipping_rules.map((rule) => ({
      country: rule.country as ShippingRule['country'],
      cost: minorToMajor(rule.cost_cents, currency),
      currency,
    })),
    image_url: row.image_url,
  };
}

/** As rewards': the creator edits add-ons until the campaign ends. */
const EDITABLE_STATUSES = new Set(['DRAFT', 'PENDING', 'ACTIVE']);

/** DESIGN.md §16: add-ons, managed by the project's creator (or an admin) beside the rewards, listed publicly. */
export class AddOnService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly storage: FileStorage,
  ) {}

  async list(projectId: number, caller: AccessClaims | null): Promise<AddOn[]> {
    const { currency } = await this.access.visible(projectId, caller, 'page');
    return (await listAddOns(this.db, projectId)).map((row) => toAddOn(row, currency));
  }

  async create(projectId: number, caller: AccessClaims, input: AddOnRequest): Promise<AddOn> {
    const { currency } = await this.assertManager(projectId, caller);
    const row = await insertAddOn(this.db, {
      project_id: projectId,
      ...(await this.columns(projectId, input, currency)),
    });
    return toAddOn(row, currency);
  }

  async update(
    projectId: number,
    addOnId: number,
    caller: AccessClaims,
    input: AddOnRequest,
  ): Promise<AddOn> {
    const project = await this.assertManager(projectId, caller, true);
    const { currency } = project;
    const columns = await this.columns(projectId, input, currency);
    return this.db.transaction().execute(async (trx) => {
      const existing = await lockAddOn(trx, projectId, addOnId);
      if (!existing) throw notFound('addOn');
      if (!EDITABLE_STATUSES.has(project.status) && !onlyLatePriceChanges(project, existing, columns))
        throw new AppError('CONFLICT', 'api.addOns.locked');
      const quantity = input.quantity_available ?? null;
      if (quantity !== null && quantity < existing.quantity_claimed + existing.quantity_reserved) {
        throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.belowClaimed, {
          quantity_available: [ADD_ON_MESSAGES.belowClaimed],
        });
      }
      return toAddOn(await updateAddOn(trx, addOnId, columns), currency);
    });
  }

  async remove(projectId: number, addOnId: number, caller: AccessClaims): Promise<void> {
    await this.assertManager(projectId, caller);
    const existing = await lockAddOn(this.db, projectId, addOnId);
    if (!existing) throw notFound('addOn');
    if (!(await deleteUnpledgedAddOn(this.db, addOnId)))
      throw new AppError('CONFLICT', ADD_ON_MESSAGES.hasBackers);
    if (existing.image_url) await this.storage.remove(existing.image_url);
  }

  /**
   * Sets the add-on's picture (`bytes`) or clears it (null). The bytes must say JPEG, PNG or GIF whatever the file
   * is called; the picture is re-encoded (no EXIF, at most 640 px a side) and the one it replaces is removed.
   */
  async setImage(
    projectId: number,
    addOnId: number,
    caller: AccessClaims,
    bytes: Buffer | null,
  ): Promise<AddOn> {
    const { currency } = await this.assertManager(projectId, caller);
    const existing = await lockAddOn(this.db, projectId, addOnId);
    if (!existing) throw notFound('addOn');
    let imageUrl: string | null = null;
    if (bytes) {
      if (bytes.length > MAX_IMAGE_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', ADD_ON_MESSAGES.imageSize, {
          image: [ADD_ON_MESSAGES.imageSize],
        });
      }
      if (!(await sniffImage(bytes))) {
        throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.imageType, {
          image: [ADD_ON_MESSAGES.imageType],
        });
      }
      // A file that starts as a picture but does not decode is refused like one that is none.
      const image = await reencodeImage(bytes, { width: 640, height: 640, fit: 'inside' }).catch(() => {
        throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.imageType, {
          image: [ADD_ON_MESSAGES.imageType],
        });
      });
      imageUrl = await this.storage.put(
        newMediaKey('add-ons', image.extension),
        image.bytes,
        image.contentType,
      );
    }
    const row = await updateAddOn(this.db, addOnId, { image_url: imageUrl });
    if (existing.image_url && existing.image_url !== imageUrl) await this.storage.remove(existing.image_url);
    return toAddOn(row, currency);
  }

  /** The request as stored: amounts in minor units of the project's currency, rewards of this project only. */
  private async columns(projectId: number, input: AddOnRequest, currency: string) {
    const named = [input.currency, ...input.shipping_rules.map((rule) => rule.currency)];
    if (named.some((code) => code !== undefined && code !== currency)) {
      throw new AppError(
        'VALIDATION_ERROR',
        REWARD_MESSAGES.currency,
        { currency: [REWARD_MESSAGES.currency] },
        undefined,
        { PLEDGE_CURRENCY: currency },
      );
    }
    const rewards = await rewardIdsOf(this.db, projectId, input.available_with);
    if (input.available_with.some((id) => !rewards.has(id))) {
      throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.unknownReward, {
        available_with: [ADD_ON_MESSAGES.unknownReward],
      });
    }
    return {
      title: input.title,
      description: input.description,
      price_cents: minorUnitsIn(input.price, currency, 'price', {
        min: ADD_ON_MESSAGES.priceTooLow,
        max: ADD_ON_MESSAGES.priceTooHigh,
      }),
      late_price_cents: latePriceIn(input.late_price, currency, 'late_price'),
      quantity_available: input.quantity_available ?? null,
      available_with: [...new Set(input.available_with)].sort((a, b) => a - b),
      shipping_rules: JSON.stringify(
        input.shipping_rules.map((rule, index) => ({
          country: rule.country,
          cost_cents: minorUnitsIn(rule.cost, currency, `shipping_rules.${index}.cost`),
        })),
      ),
    };
  }

  /** As rewards (SPEC §6): the project's creator, or an admin, with create_reward, while the campaign runs. */
  private async assertManager(projectId: number, caller: AccessClaims, latePriceEdit = false) {
    const project = await this.access.authorize(projectId, caller, 'offer', 'api.addOns.onlyCreator');
    // An edit after the campaign is checked against the add-on itself: only its late price may change.
    const ended = latePriceEdit && latePledgesRefusal(project) === null;
    if (!EDITABLE_STATUSES.has(project.status) && !ended) throw new AppError('CONFLICT', 'api.addOns.locked');
    return project;
  }
}
