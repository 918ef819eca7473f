import type { Kysely } from 'kysely';
import type { Category } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { recordAudit } from '../admin/audit.repository';
import type { AccessClaims } from '../auth/tokens';
import {
  categoryInUse,
  categoryNameTaken,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  renameCategory,
} from './categories.repository';

const taken = () =>
  new AppError('CONFLICT', 'api.categories.nameTaken', {
    name: ['api.categories.nameTaken'],
  });

export class CategoryService {
  constructor(
    private readonly db: Kysely<DB>,
    /** The public reads' handle (`Database.readDb`, decision 037); an admin's checks before a write use `db`. */
    private readonly readDb: Kysely<DB>,
  ) {}

  list(): Promise<Category[]> {
    return listCategories(this.readDb);
  }

  async get(id: number): Promise<Category> {
    const category = await findCategory(this.readDb, id);
    if (!category) throw notFound('category');
    return category;
  }

  async create(caller: AccessClaims, name: string): Promise<Category> {
    this.requireManager(caller);
    if (await categoryNameTaken(this.db, name)) throw taken();
    return this.db.transaction().execute(async (trx) => {
      const category = await insertCategory(trx, name);
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'category.create',
        targetType: 'category',
        targetId: category.id,
        details: { name },
      });
      return category;
    });
  }

  async rename(caller: AccessClaims, id: number, name: string): Promise<Category> {
    this.requireManager(caller);
    if (await categoryNameTaken(this.db, name, id)) throw taken();
    return this.db.transaction().execute(async (trx) => {
      const before = await findCategory(trx, id);
      const category = await renameCategory(trx, id, name);
      if (!category) throw notFound('category');
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'category.rename',
        targetType: 'category',
        targetId: id,
        details: { from: before?.name ?? null, to: name },
      });
      return category;
    });
  }

  async remove(caller: AccessClaims, id: number): Promise<void> {
    this.requireManager(caller);
    if (await categoryInUse(this.db, id)) throw new AppError('CONFLICT', 'api.categories.inUse');
    await this.db.transaction().execute(async (trx) => {
      const before = await findCategory(trx, id);
      if (!(await deleteCategory(trx, id))) throw notFound('category');
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'category.delete',
        targetType: 'category',
        targetId: id,
        details: { name: before?.name ?? null },
      });
    });
  }

  private requireManager(caller: AccessClaims) {
    if (!caller.permissions.includes('manage_categories')) throw forbidden('api.categories.onlyAdmin');
  }
}
