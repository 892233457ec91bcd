/** Small helpers for the static pages: escaping and the shared layout (core/html.ts, shared with the edge). */
export { escapeHtml, page } from '../../core/html.ts';
