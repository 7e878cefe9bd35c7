import {
  ARTICLE_EDIT_PAGE,
  ARTICLE_IMAGE_PATH,
  ARTICLE_IMAGE_UPLOAD_PATH,
  PUBLIC,
  PUBLIC_ARTICLES_PATH,
  articleImageSchema,
  articleResource,
  publicArticlePageSchema,
  publicArticleSchema,
  publicArticlesQuerySchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerImageUpload, serveStoredImages } from '../../http/image-routes.js';
import { idParams, registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { contextOf } from '../../platform/context.js';
import { withTx } from '../../platform/tx.js';
import { articleImageStore } from './image.js';
import { articleService, listPublicArticles, readPublicArticle } from './service.js';

/** The website may cache the public answers for a minute (a publish shows within that). */
const PUBLIC_CACHE = 'public, max-age=60';

/**
 * Articles (spec §2 "Article (list, edit)"): the declared resource with `publish` / `unpublish`,
 * the image upload of the edit screen, the images themselves, and the public website's read-only
 * view of what is published.
 */
export async function articlesModule(app: FastifyInstance) {
  registerResource(app, articleResource, articleService());

  await registerImageUpload(app, articleImageStore, {
    url: ARTICLE_IMAGE_UPLOAD_PATH,
    servedAt: ARTICLE_IMAGE_PATH,
    permission: ARTICLE_EDIT_PAGE,
    summary: 'Upload an article image (PNG or JPEG by content, exactly 620 × 248 pixels, at most 2 MB); answers its URL to save with the article',
    tags: ['articles'],
    response: articleImageSchema,
    attach: async (req, url) => {
      await withTx(req, (tx) => audit(tx, { action: 'upload', module: articleResource.name, reference: url.slice(url.lastIndexOf('/') + 1), after: { image: url } }));
      return { previous: null, answer: () => ({ url }) };
    },
  });
  // The public website shows them too; the names are random and never reused.
  serveStoredImages(app, articleImageStore, ARTICLE_IMAGE_PATH, 'public, max-age=86400, immutable');

  route(app, {
    method: 'GET',
    url: PUBLIC_ARTICLES_PATH,
    permission: PUBLIC,
    summary: 'Published articles for the company website, newest first (no login)',
    tags: ['public'],
    querystring: publicArticlesQuerySchema,
    response: publicArticlePageSchema,
    handler: async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return listPublicArticles(contextOf(req), req.query);
    },
  });

  route(app, {
    method: 'GET',
    url: `${PUBLIC_ARTICLES_PATH}/:id`,
    permission: PUBLIC,
    summary: 'One published article for the company website; a draft or deleted one answers 404 like a missing one',
    tags: ['public'],
    params: idParams,
    response: publicArticleSchema,
    handler: async (req, reply) => {
      const article = await readPublicArticle(contextOf(req), req.params.id);
      reply.header('cache-control', PUBLIC_CACHE);
      return article;
    },
  });
}
