import type { Kysely } from 'kysely';
import type { Category } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { findCategory, listCategories } from './categories.repository';

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
}
