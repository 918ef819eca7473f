import type { Kysely } from 'kysely';
import type { Category } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
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
  new AppError('CONFLICT', 'A category with this name already exists', {
    name: ['A category with this name already exists'],
  });

export class CategoryService {
  constructor(private readonly db: Kysely<DB>) {}

  list(): Promise<Category[]> {
    return listCategories(this.db);
  }

  async get(id: number): Promise<Category> {
    const category = await findCategory(this.db, id);
    if (!category) throw notFound('Category');
    return category;
  }

  async create(caller: AccessClaims, name: string): Promise<Category> {
    this.requireManager(caller);
    if (await categoryNameTaken(this.db, name)) throw taken();
    return insertCategory(this.db, name);
  }

  async rename(caller: AccessClaims, id: number, name: string): Promise<Category> {
    this.requireManager(caller);
    if (await categoryNameTaken(this.db, name, id)) throw taken();
    const category = await renameCategory(this.db, id, name);
    if (!category) throw notFound('Category');
    return category;
  }

  async remove(caller: AccessClaims, id: number): Promise<void> {
    this.requireManager(caller);
    if (await categoryInUse(this.db, id))
      throw new AppError('CONFLICT', 'This category has projects and cannot be deleted');
    if (!(await deleteCategory(this.db, id))) throw notFound('Category');
  }

  private requireManager(caller: AccessClaims) {
    if (!caller.permissions.includes('manage_categories'))
      throw forbidden('Only an administrator can manage categories');
  }
}
