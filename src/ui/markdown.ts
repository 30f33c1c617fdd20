/**
 * Step text as markdown, safely: marked renders it with raw HTML shown as text (a protocol is
 * written by agents, and nothing it holds may run in a reviewer's page), DOMPurify removes
 * anything left that could act (scripts, handlers, javascript: links, images from elsewhere),
 * and every link opens in a new tab with rel="noopener noreferrer".
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Raw HTML blocks and inline tags are shown as the text they are.
    html: ({ text }) => escapeHtml(text),
  },
});

/** Only plain web and mail links survive; anything else (javascript:, data:, vbscript:) is dropped. */
const SAFE_URL = /^(?:https?:|mailto:|#)/i;

const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The markdown as a fragment of safe elements, ready to append. */
export function renderMarkdown(text: string): DocumentFragment {
  const html = markdown.parse(text) as string;
  return purify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    // The page's CSP allows images from this server only; a step has none of its own to show.
    FORBID_TAGS: ['img', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style', 'id', 'class'],
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}
