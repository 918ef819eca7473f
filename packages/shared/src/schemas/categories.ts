import { z } from 'zod';

export const category = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof category>;

export const categoryList = z.object({ data: z.array(category) });
export const categoryResponse = z.object({ data: category });
