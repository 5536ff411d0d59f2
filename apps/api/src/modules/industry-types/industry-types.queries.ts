import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { financialConnectionIndustries, industryTypes, merchants } from '../../db/schema.ts';
import { containsText } from '../../lib/db/list.ts';

export type IndustryTypeRow = typeof industryTypes.$inferSelect;
export type IndustryTypeSort = 'name' | '-name' | 'created_at' | '-created_at';

const merchantCount =
  sql<number>`(select count(*) from ${merchants} where ${merchants.industryTypeId} = ${industryTypes.id} and ${merchants.removedAt} is null)`.mapWith(
    Number,
  );

const columns = {
  id: industryTypes.id,
  name: industryTypes.name,
  description: industryTypes.description,
  merchantCount,
  createdAt: industryTypes.createdAt,
  updatedAt: industryTypes.updatedAt,
};
export type IndustryTypeListRow = NonNullable<Awaited<ReturnType<typeof selectIndustryType>>>;

const searchWhere = (search?: string): SQL | undefined =>
  search ? containsText(industryTypes.name, search) : undefined;

const SORT_COLUMN = { name: sql`lower(${industryTypes.name})`, created_at: industryTypes.createdAt } as const;

export async function selectIndustryTypePage(
  db: DbOrTx,
  opts: { search?: string; sort: IndustryTypeSort; limit: number; offset: number },
) {
  const column = SORT_COLUMN[opts.sort.replace('-', '') as keyof typeof SORT_COLUMN];
  const direction = opts.sort.startsWith('-') ? desc : asc;
  return db
    .select(columns)
    .from(industryTypes)
    .where(searchWhere(opts.search))
    .orderBy(direction(column), direction(industryTypes.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countIndustryTypes(db: DbOrTx, search?: string) {
  const [row] = await db.select({ n: count() }).from(industryTypes).where(searchWhere(search));
  return row?.n ?? 0;
}

export async function selectIndustryType(db: DbOrTx, id: string) {
  const [row] = await db.select(columns).from(industryTypes).where(eq(industryTypes.id, id)).limit(1);
  return row;
}

export async function findIndustryTypeRow(db: DbOrTx, id: string): Promise<IndustryTypeRow | undefined> {
  const [row] = await db.select().from(industryTypes).where(eq(industryTypes.id, id)).limit(1);
  return row;
}

/** Case-insensitive, like industry_types_name_uq. */
export async function nameTaken(db: DbOrTx, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: industryTypes.id })
    .from(industryTypes)
    .where(
      and(
        eq(sql`lower(${industryTypes.name})`, name.toLowerCase()),
        exceptId ? ne(industryTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** undefined when the name is taken after all (a concurrent insert): the unique index decides. */
export async function insertIndustryType(db: DbOrTx, values: { name: string; description: string }) {
  const [row] = await db.insert(industryTypes).values(values).onConflictDoNothing().returning({ id: industryTypes.id });
  return row;
}

export async function updateIndustryType(
  db: DbOrTx,
  id: string,
  values: Partial<{ name: string; description: string; updatedAt: Date }>,
) {
  await db.update(industryTypes).set(values).where(eq(industryTypes.id, id));
}

export async function deleteIndustryType(db: DbOrTx, id: string) {
  await db.delete(industryTypes).where(eq(industryTypes.id, id));
}

/** Every merchant row counts, removed ones too: their foreign key still points here. */
export async function industryTypeUsage(db: DbOrTx, id: string) {
  const [m] = await db.select({ n: count() }).from(merchants).where(eq(merchants.industryTypeId, id));
  const [f] = await db
    .select({ n: count() })
    .from(financialConnectionIndustries)
    .where(eq(financialConnectionIndustries.industryTypeId, id));
  return { merchants: m?.n ?? 0, financialConnections: f?.n ?? 0 };
}
