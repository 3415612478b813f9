// The names and roles pages give the regions around their article: boilerplate by what an element is
// (`nav`, `aside`, `role="navigation"`) or by how its class and id name it (comments, cookie banners,
// share bars, ads, related stories; weak names such as "meta" or "widget" only around little prose),
// the region that holds the article ("article-body", "entry-content") and a lead paragraph above it.
import { classAndId, type Element } from './dom.ts';

/** Names of a lead paragraph that sits apart from the article's body, above it. */
export const LEAD_NAMES =
  /(?:^|[\s_-])(?:intro|lead|chapo|teaser|summary|standfirst|excerpt|subtitle|sub-?title|deck|abstract|article-?intro|text-?intro)(?:$|[\s_-]|\b)/;

/** Elements that are boilerplate by what they are. */
export const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer', 'menu']);
export const BOILERPLATE_ROLES = new Set([
  'navigation', 'banner', 'contentinfo', 'complementary', 'dialog', 'alertdialog', 'search', 'menu', 'menubar',
  'toolbar', 'tablist',
]); // prettier-ignore

/**
 * Names authors give to regions that are not the article. Matched as whole words of the class and id
 * (`post-comments`, `cookie_banner`, `share-bar`), so `commentary` or `navigator` do not match.
 */
function wordsPattern(words: readonly string[]): RegExp {
  // `teaser-list`, `teaser_list` and `teaserlist` are one name.
  const alternatives = words.map((word) => word.replace(/-\?/g, '[-_]?'));
  return new RegExp(`(?:^|[\\s_-])(?:${alternatives.join('|')})(?:$|[\\s_-])`);
}
/** Boilerplate whatever its size, unless it is all the page holds: a long thread can outweigh the article. */
const DISCUSSION_NAMES = wordsPattern([
  'comments?', 'commentlist', 'comment-?list', 'kommentare?', 'respond', 'replies', 'disqus', 'no-?comments',
  'discussions?', 'responses', 'reactions', 'commentaires?', 'comentarios?', 'commenti', 'reacties', 'komentarze',
  'leserkommentare', 'user-?comments?',
]); // prettier-ignore
/** Regions that are not the article, unless they hold most of the page (then it is a layout class). */
const STRONG_NAMES = wordsPattern([
  'cookies?', 'consent', 'gdpr', 'cmp', 'news-?letter', 'paywall', 'author-?box', 'author-?card', 'about-?author', 'author-?info',
  'caption', 'wp-caption-text', 'credits?', 'copyright', 'image-?credit', 'photo-?credit', 'subscribe', 'subscription', 'signup', 'login',
  'share', 'sharing', 'shares', 'social', 'socials', 'sociable', 'shariff', 'addthis', 'sharedaddy',
  'related\\w*', 'recommended', 'recommendations', 'share-?(?:bar|buttons?|links?|tools?|box)', 'more-?stories', 'also-?read', 'outbrain',
  'taboola', 'ads?', 'advert', 'advertisement', 'advertising', 'adsense', 'adslot', 'ad-?container',
  'ad-?slot', 'sponsored', 'sponsor', 'anzeige', 'werbung', 'breadcrumbs?', 'sidebar', 'side-?bar',
  'popup', 'modal', 'pagination', 'pager', 'menu', 'navbar', 'nav', 'navigation', 'footer', 'site-?footer',
  'masthead', 'site-?header', 'skip-?link', 'author-?bio', 'tags', 'tag-?list', 'tagcloud', 'sr-only',
  'visually-?hidden', 'screen-?reader-?text', 'jump-?link',
]); // prettier-ignore
/** Names that also appear on content wrappers ("elementor-widget"): boilerplate only around little prose. */
const WEAK_NAMES = wordsPattern([
  'widgets?', 'meta', 'post-?meta', 'entry-?meta', 'article-?meta', 'post-?metadata', 'metadata', 'byline', 'print', 'rating', 'banner',
  'promo', 'promotion', 'toc', 'table-?of-?contents', 'trending', 'popular', 'most-?read', 'teaser-?list',
  'overlay', 'toolbar', 'reply', 'read-?more',
]); // prettier-ignore
/** Every weak name in a class list, to read what is left. */
const WEAK_NAMES_ALL = new RegExp(WEAK_NAMES.source, 'g');
/** Class names that describe the article's taxonomy (WordPress's `category-comments`, `tag-menu`). */
const TAXONOMY_CLASS = /(?:^|\s)(?:category|tag|tags|format|status|type|postid|cat|topic|section)-\S*/g;

/** Names of the region that holds the article. */
export const CONTENT_NAMES =
  /(?:^|[\s_-])(?:article|articlebody|article-?body|article-?content|article-?text|post-?body|post-?content|entry-?content|entry-?body|story-?body|story-?content|story|content|main-?content|text|body-?text|blog-?post|post|entry)(?:$|[\s_-])/;

export type BoilerplateMark = 'discussion' | 'strong' | 'weak';

/** How an element's own markup describes it as boilerplate, if it does. */
export function boilerplateMark(element: Element): BoilerplateMark | undefined {
  if (BOILERPLATE_TAGS.has(element.name)) return 'strong';
  // Forms are comment boxes, searches and sign-ups, though some sites wrap the whole page in one.
  if (element.name === 'form') return 'weak';
  const role = element.attribs.role;
  if (role && BOILERPLATE_ROLES.has(role)) return 'strong';
  const itemprop = element.attribs.itemprop;
  if (itemprop === 'comment' || itemprop === 'comments') return 'discussion';
  const names = classAndId(element).replace(TAXONOMY_CLASS, ' ');
  if (!names.trim()) return undefined;
  if (DISCUSSION_NAMES.test(names)) return 'discussion';
  if (STRONG_NAMES.test(names)) return 'strong';
  // "post-meta" is a weak name, not a post: the content test reads what the weak names leave.
  if (WEAK_NAMES.test(names) && !CONTENT_NAMES.test(names.replace(WEAK_NAMES_ALL, ' '))) return 'weak';
  return undefined;
}
