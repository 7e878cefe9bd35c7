import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_WIDTH } from '@harbour/contracts';
import { imageSize } from 'image-size';
import { badRequest } from '../../platform/errors.js';
import { imageStore } from '../../platform/image-store.js';

const FIELD = 'file';

/**
 * Article images: PNG or JPEG by content, at most 2 MB, exactly 620 × 248 pixels (spec §3's size
 * for the website's banner; another size would be stretched or cut there), read from the bytes.
 * Under `uploads/articles`.
 */
export const articleImageStore = imageStore({
  folder: 'articles',
  field: FIELD,
  types: { 'image/png': 'png', 'image/jpeg': 'jpg' },
  maxBytes: ARTICLE_IMAGE_MAX_BYTES,
  messages: { missing: 'articles.imageRequired', tooLarge: 'articles.imageTooLarge', type: 'articles.imageType' },
  checkImage: (bytes) => {
    let size: { width: number; height: number };
    try {
      size = imageSize(bytes);
    } catch {
      // A PNG or JPEG signature on bytes whose size cannot be read is no usable image.
      throw badRequest('errors.validation', [{ field: FIELD, message: 'articles.imageType' }]);
    }
    if (size.width !== ARTICLE_IMAGE_WIDTH || size.height !== ARTICLE_IMAGE_HEIGHT) {
      throw badRequest('articles.imageSize', [{ field: FIELD, message: 'articles.imageSizeField' }], { width: size.width, height: size.height });
    }
  },
});
