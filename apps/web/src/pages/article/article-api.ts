import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_MIME_TYPES, ARTICLE_IMAGE_WIDTH } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';
import { logoProblem } from '../company/company-api';

/** The edit screen (`?id=` for an existing article); its path names it an Edit page of `/article/list`. */
export const ARTICLE_EDIT_PATH = '/article/edit';

export const articleApi = {
  /** Silent: a refused image's reason is shown beside the upload button. */
  uploadImage: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(endpoints.articles.uploadImage, { body, silent: true });
  },
  action: (id: number, name: 'publish' | 'unpublish') => call(endpoints.articles[name], { params: { id } }),
};

/** The image's type and size, checked before sending (the server reads the bytes again). */
export function imageFileProblem(file: { type: string; size: number }): 'articles:imageType' | 'articles:imageTooLarge' | undefined {
  const problem = logoProblem(file, ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_MIME_TYPES);
  return problem === 'logoType' ? 'articles:imageType' : problem === 'logoTooLarge' ? 'articles:imageTooLarge' : undefined;
}

/** The picture's pixel size when the browser can decode it (the server has the last word). */
export async function imagePixels(file: Blob): Promise<{ width: number; height: number } | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

export const isBannerSize = (s: { width: number; height: number }) => s.width === ARTICLE_IMAGE_WIDTH && s.height === ARTICLE_IMAGE_HEIGHT;
