import { API_BASE, ARTICLE_IMAGE_PATH } from '@harbour/contracts';
import { describe, expect, it } from 'vitest';
import { hasContent, sanitizeArticleHtml as clean } from './sanitize.js';

describe('article content sanitiser', () => {
  it('keeps ordinary formatting', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> word.<br>Next line</p>' +
      '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>quoted</p></blockquote><h3>Sub</h3><h4>Subsub</h4>' +
      '<table><tbody><tr><th>Rate</th><td colspan="2">48%</td></tr></tbody></table>';
    expect(clean(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts, styles, iframes and forms with what they hold', () => {
    expect(clean('<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><form><input></form>')).toBe('<p>Hi</p>');
    expect(clean('<p>a<SCRIPT src="https://evil.example/x.js"></SCRIPT>b</p>')).toBe('<p>ab</p>');
  });

  it('removes event handlers, style and class attributes', () => {
    expect(clean('<img src="https://cdn.example/a.png" onerror="alert(1)">')).toBe('<img src="https://cdn.example/a.png" />');
    expect(clean('<p onclick="x()" style="background:url(javascript:alert(1));width:expression(alert(1))" class="c">t</p>')).toBe('<p>t</p>');
  });

  it('keeps http(s) and mailto links with rel noopener, and drops any other href', () => {
    expect(clean('<a href="https://harbour.example/rates" target="_blank">rates</a>')).toBe(
      '<a href="https://harbour.example/rates" rel="noopener noreferrer" target="_blank">rates</a>',
    );
    expect(clean('<a href="mailto:info@harbour.example">mail</a>')).toBe('<a href="mailto:info@harbour.example" rel="noopener noreferrer">mail</a>');
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="  JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="java&#x09;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="/relative" target="_top" rel="opener">x</a>')).toBe('<a>x</a>');
  });

  it('keeps images from https or the article image store only', () => {
    const stored = `${API_BASE}${ARTICLE_IMAGE_PATH}/${'a'.repeat(32)}.png`;
    expect(clean(`<p><img src="${stored}" alt="banner"></p>`)).toBe(`<p><img src="${stored}" alt="banner" /></p>`);
    expect(clean('<p><img src="http://plain.example/a.png">x</p>')).toBe('<p>x</p>');
    expect(clean('<p><img src="javascript:alert(1)">x</p>')).toBe('<p>x</p>');
    expect(clean('<p><img src="data:image/png;base64,AAAA">x</p>')).toBe('<p>x</p>');
    expect(clean(`<p><img src="${API_BASE}/avatars/${'a'.repeat(32)}.png">x</p>`)).toBe('<p>x</p>');
  });

  it('tells empty content from content', () => {
    expect(hasContent(clean('<p> </p><script>x</script>'))).toBe(false);
    expect(hasContent(clean('<p>&nbsp;</p>'))).toBe(false);
    expect(hasContent(clean('<p>Hello</p>'))).toBe(true);
    expect(hasContent(clean('<p><img src="https://cdn.example/a.png"></p>'))).toBe(true);
  });
});
