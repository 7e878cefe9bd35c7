import { ARTICLE_STATES, type ArticleStatus } from '@harbour/domain';
import { z } from 'zod';
import { isoDate } from './calculator.js';
import { API_BASE } from './envelope.js';
import { listQueryBase, pageOf } from './list.js';
import { defineResource } from './resource.js';
import { optionalText } from './stores.js';

/**
 * Articles (spec §2 "Article (list, edit)", §3): the company's news and notices for its website.
 * Company-wide (no store). Staff write them as drafts; `publish` puts one on the public website
 * (`GET /public/articles`), `unpublish` takes it off again. The content is rich text, cleaned on
 * the server to an allow-list of formatting before it is stored; the image is a 620 × 248 banner.
 */
export { ARTICLE_STATES, type ArticleStatus };

export const ARTICLE_PATH = '/articles';
/** `POST` one image (multipart) → its URL, to be saved with the article. */
export const ARTICLE_IMAGE_UPLOAD_PATH = '/articles/image';
/** Where article images are served (public: the website shows them; the random name is the key). */
export const ARTICLE_IMAGE_PATH = '/articleImages';
/** The public website's read-only view: published articles only, no login. */
export const PUBLIC_ARTICLES_PATH = '/public/articles';

/** The image's size (spec §3 "size hint 620*248"): exactly this, so the website's banner is never stretched. */
export const ARTICLE_IMAGE_WIDTH = 620;
export const ARTICLE_IMAGE_HEIGHT = 248;
export const ARTICLE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ARTICLE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

export const ARTICLE_LIMITS = { title: 200, summary: 500, author: 64, content: 200_000 } as const;
/** The public list's largest page. */
export const PUBLIC_ARTICLES_MAX_PAGE_SIZE = 20;

/** A stored article image's URL: only what the upload route can have answered. */
export const ARTICLE_IMAGE_URL = new RegExp(`^${API_BASE}${ARTICLE_IMAGE_PATH}/[0-9a-f]{32}\\.(png|jpg)$`);

export const articleItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  summary: z.string().nullable(),
  author: z.string(),
  status: z.enum(ARTICLE_STATES),
  content: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArticleItem = z.infer<typeof articleItemSchema>;

const required = (max: number, message: string) =>
  z.string({ message }).trim().min(1, { message }).max(max, { message: 'validation.tooLong' });

export const articleInputSchema = z
  .object({
    title: required(ARTICLE_LIMITS.title, 'articles.titleRequired'),
    date: isoDate(),
    summary: optionalText(ARTICLE_LIMITS.summary),
    author: required(ARTICLE_LIMITS.author, 'articles.authorRequired'),
    /** HTML from the editor; cleaned on the server before it is stored. */
    content: z.string({ message: 'articles.contentRequired' }).max(ARTICLE_LIMITS.content, { message: 'validation.tooLong' }),
    image: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.string().regex(ARTICLE_IMAGE_URL, { message: 'articles.imageUnknown' }).nullable()),
  })
  .strict();
export type ArticleInput = z.input<typeof articleInputSchema>;

export const articleFiltersSchema = listQueryBase.extend({
  title: z.string().trim().max(ARTICLE_LIMITS.title).optional(),
  status: z.enum(ARTICLE_STATES).optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
});

export const ARTICLE_PERMISSIONS = {
  list: 'article.list',
  view: 'article.list',
  create: 'article.create',
  update: 'article.update',
  delete: 'article.delete',
} as const;
/** The edit screen's page key; it also opens the image upload the screen uses. */
export const ARTICLE_EDIT_PAGE = 'article.edit' as const;

export const articleResource = defineResource({
  name: 'articles',
  path: ARTICLE_PATH,
  title: 'shell:menu.article.list',
  permissions: ARTICLE_PERMISSIONS,
  storeScoped: false,
  fields: [
    { name: 'title', kind: 'text', label: 'articles:fields.title', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'date', kind: 'date', label: 'articles:fields.date', list: true, sortable: true, filter: 'dateRange', form: true, required: true },
    { name: 'author', kind: 'text', label: 'articles:fields.author', list: true, sortable: true, form: true, required: true },
    { name: 'status', kind: 'enum', label: 'articles:fields.status', list: true, sortable: true, filter: 'enum', options: ARTICLE_STATES, enumName: 'articleStatus' },
    { name: 'summary', kind: 'textarea', label: 'articles:fields.summary', form: true },
  ],
  item: articleItemSchema,
  create: articleInputSchema,
  update: articleInputSchema,
  filters: articleFiltersSchema,
  defaultSort: 'date:desc',
  example: {
    title: 'Office hours over the holidays',
    date: '2026-12-20',
    summary: 'Our branches close early on Christmas Eve.',
    author: 'Harbour Finance',
    content: '<p>Our branches close at 1 p.m. on <strong>24 December</strong>.</p>',
    image: null,
  },
  actions: {
    publish: {
      permission: 'article.publish',
      label: 'articles:publish',
      summary: 'Publish a draft article on the public website',
      message: 'articles.published',
      confirm: true,
    },
    unpublish: {
      permission: 'article.publish',
      label: 'articles:unpublish',
      summary: 'Take a published article off the public website (back to draft)',
      message: 'articles.unpublished',
      confirm: true,
    },
  },
});

/** What the public website sees of an article: no status, no staff, no stamps but the date. */
export const publicArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  summary: z.string().nullable(),
  author: z.string(),
  image: z.string().nullable(),
});
export const publicArticleSchema = publicArticleSummarySchema.extend({ content: z.string() });
export type PublicArticle = z.infer<typeof publicArticleSchema>;
export const publicArticlePageSchema = pageOf(publicArticleSummarySchema);
export const publicArticlesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PUBLIC_ARTICLES_MAX_PAGE_SIZE).default(10),
  })
  .strict();

export const articleImageSchema = z.object({ url: z.string() });
