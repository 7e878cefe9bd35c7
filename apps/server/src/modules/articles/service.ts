import { articleResource, type ArticleStatus, type PublicArticle } from '@harbour/contracts';
import { ARTICLE_STATUS, type ArticleAction } from '@harbour/domain';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { articles } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { likePattern, offsetOf, pageOfRows, totalCount } from '../../platform/list.js';
import type { Tx } from '../../db/client.js';
import type { ServiceContext } from '../../platform/context.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { changeStatus } from '../../platform/status-change.js';
import { tableService } from '../../platform/table-service.js';
import { withTx } from '../../platform/tx.js';
import { articleImageStore } from './image.js';
import { hasContent, sanitizeArticleHtml } from './sanitize.js';

type Row = Record<string, unknown>;
type Item = ReturnType<typeof toItem>;

const toItem = (r: Row) => ({
  id: r.id as number,
  title: r.title as string,
  date: r.date as string,
  summary: (r.summary as string | null) ?? null,
  author: r.author as string,
  status: r.status as ArticleStatus,
  content: r.content as string,
  image: (r.image as string | null) ?? null,
  createdAt: (r.createdAt as Date).toISOString(),
  updatedAt: (r.updatedAt as Date).toISOString(),
});

/**
 * Articles: `tableService` over one company-wide table, with the content cleaned before it is
 * stored, the image checked to be one this server holds, `publish` / `unpublish` through the
 * domain's status table, and an image no article uses any more removed after the change commits.
 */
export function articleService(): ResourceService<typeof articleResource> {
  const values = async (input: { title: string; date: string; summary: string | null; author: string; content: string; image: string | null }, tx: Tx) => {
    const content = sanitizeArticleHtml(input.content);
    if (!hasContent(content)) throw fieldError('content', 'articles.contentRequired');
    if (input.image && !(await articleImageStore.exists(tx, input.image))) {
      throw fieldError('image', 'articles.imageMissing');
    }
    return { title: input.title, date: input.date, summary: input.summary, author: input.author, content, image: input.image };
  };
  const base = tableService(articleResource, {
    table: articles,
    id: articles.id,
    columns: { title: articles.title, date: articles.date, author: articles.author, status: articles.status },
    toItem,
    toInsert: (input, _ctx, tx) => values(input, tx),
    toUpdate: (input, _ctx, _before, tx) => values(input, tx),
  });

  /** Removes a stored image once neither an article's image nor any content points at it. */
  const dropIfUnused = async (ctx: ServiceContext, url: string | null) => {
    const name = url?.slice(url.lastIndexOf('/') + 1);
    if (!url || !name || !articleImageStore.isName(name)) return;
    const [used] = await ctx.db
      .select({ id: articles.id })
      .from(articles)
      .where(or(eq(articles.image, url), ilike(articles.content, likePattern(name))))
      .limit(1);
    if (!used) await articleImageStore.remove(ctx.db, url);
  };
  const status = (action: ArticleAction) => (ctx: ServiceContext, id: number) =>
    withTx(ctx, async (tx) => {
      const { after } = await changeStatus(tx, ctx, { table: articles, id: articles.id, status: articles.status, machine: ARTICLE_STATUS, module: articleResource.name }, id, action);
      return toItem(after);
    });

  return {
    ...base,
    update: async (ctx, id, input) => {
      const before = await base.get(ctx, id);
      const item = await base.update!(ctx, id, input);
      if (before.image !== item.image) await dropIfUnused(ctx, before.image);
      return item;
    },
    remove: async (ctx, id) => {
      const before: Item = await base.get(ctx, id);
      await base.remove!(ctx, id);
      await dropIfUnused(ctx, before.image);
    },
    actions: { publish: status('publish'), unpublish: status('unpublish') },
  };
}

/** The public website's view: published articles only, newest first; a draft reads as missing. */
export async function listPublicArticles(ctx: ServiceContext, q: { page: number; pageSize: number }) {
  const rows = await ctx.db
    .select({
      id: articles.id,
      title: articles.title,
      date: articles.date,
      summary: articles.summary,
      author: articles.author,
      image: articles.image,
      total: totalCount,
    })
    .from(articles)
    .where(eq(articles.status, 'published' satisfies ArticleStatus))
    .orderBy(desc(articles.date), desc(articles.id))
    .limit(q.pageSize)
    .offset(offsetOf(q.page, q.pageSize));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.page > 1) {
    const [c] = await ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(articles).where(eq(articles.status, 'published'));
    total = Number(c?.n ?? 0);
  }
  return pageOfRows(
    rows.map(({ total: _total, ...r }) => r),
    total,
    q.page,
    q.pageSize,
  );
}

export async function readPublicArticle(ctx: ServiceContext, id: number): Promise<PublicArticle> {
  const [row] = await ctx.db
    .select({ id: articles.id, title: articles.title, date: articles.date, summary: articles.summary, author: articles.author, image: articles.image, content: articles.content })
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.status, 'published' satisfies ArticleStatus)));
  if (!row) throw notFound();
  return row;
}
