import { ARTICLE_EDIT_PAGE, ARTICLE_IMAGE_UPLOAD_PATH, articleResource } from '../articles.js';
import { page, resourcePermissions } from './define.js';

/** Articles (spec §2 "Article (list, edit)"): the list page and its keys come from the declaration. */
export const articlePermissions = [
  ...resourcePermissions(articleResource, 'article', 550, { icon: 'read', available: true, path: '/article/list' }),
  // The edit screen (hidden; highlighted as the list). Whoever may open it may upload the images it saves.
  page('article', 551, 'edit', { hidden: true, available: true, key: ARTICLE_EDIT_PAGE, api: [`POST ${ARTICLE_IMAGE_UPLOAD_PATH}`] }),
];
