/** An article's status table: a draft is seen by staff only; publishing puts it on the public website, unpublishing takes it off. */
import { statusMachine } from './status-machine.js';

export const ARTICLE_STATES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATES)[number];
export const ARTICLE_ACTIONS = ['publish', 'unpublish'] as const;
export type ArticleAction = (typeof ARTICLE_ACTIONS)[number];

export const ARTICLE_STATUS = statusMachine<ArticleStatus, ArticleAction>([
  { from: 'draft', action: 'publish', to: 'published', note: 'shown on the public website' },
  { from: 'published', action: 'unpublish', to: 'draft', note: 'taken off the public website, kept for editing' },
]);
