import sanitizeHtml from 'sanitize-html';

/*
 * Article bodies are HTML written by operators or sent by feeds; what is stored and sent to the app is only
 * what this allows: text structure, links that open outside the app, and images over https. No script, no
 * style, no event handler, no form, no iframe; `javascript:` and `data:` addresses are dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['scope'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image without an https address (relative, `x`, `data:`) would only show as broken: it is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\/\S+$/.test(frame.attribs.src ?? ''),
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};
// The transform adds target and rel, so they must survive the attribute filter that runs after it.
(options.allowedAttributes as Record<string, string[]>).a?.push('target', 'rel');

/** The HTML an article may hold. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The words of an article's HTML, without any markup, for a list's summary or an emptiness check. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `max` characters of the text, cut at a word and marked with an ellipsis when cut. */
export function summaryOf(html: string, max = 160): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
