import { z } from 'zod';

/** `?page=1&pageSize=20&sort=field:asc&<filters>` (architecture §4). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;

export const listQueryBase = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sort: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*:(asc|desc)$/)
    .optional(),
});
export type ListQueryBase = z.infer<typeof listQueryBase>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
