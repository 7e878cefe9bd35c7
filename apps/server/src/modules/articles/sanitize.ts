import { ARTICLE_IMAGE_URL } from '@harbour/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * An article's content as stored and published: the HTML an editor sends, cut down to ordinary
 * formatted text. Anything not on the allow-list goes — `<script>`, `<style>`, `<iframe>`, forms,
 * every `on…` handler, `style` and `class` attributes — and so does a link that is not http(s) or
 * mailto (`javascript:`, `data:`, relative) and an image that is neither https nor one of the
 * article images this server stores. Links get `rel="noopener noreferrer"`.
 */
const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE = /^https:\/\//i;

export const imageSourceAllowed = (src: string | undefined): boolean => !!src && (IMAGE.test(src) || ARTICLE_IMAGE_URL.test(src));

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      return {
        tagName,
        attribs: {
          ...(href !== undefined && LINK.test(href.trim()) ? { href: href.trim(), rel: 'noopener noreferrer' } : {}),
          ...(target === '_blank' ? { target } : {}),
        },
      };
    },
    img: (tagName, attribs) => {
      const { src, alt, width, height } = attribs;
      const size = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v) ? v : undefined);
      return {
        tagName,
        attribs: Object.fromEntries(
          Object.entries({ src: imageSourceAllowed(src?.trim()) ? src!.trim() : undefined, alt, width: size(width), height: size(height) }).filter(
            (e): e is [string, string] => e[1] !== undefined,
          ),
        ),
      };
    },
  },
  // An image left without a source (it had a disallowed one) is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether cleaned content shows anything: text, or an image. */
export function hasContent(clean: string): boolean {
  return /<img\s/i.test(clean) || sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
