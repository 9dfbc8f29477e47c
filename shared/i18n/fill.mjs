// @ts-check
// A template's {placeholders} filled: for the messages (shared/i18n/format.ts) and for the pages the
// front door answers itself (server/status-page.mjs; plain JavaScript, run without a build).
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills a template's {placeholders}; a value not given stays visible as its placeholder.
 * @param {string} template
 * @param {Record<string, string | number>} values
 * @returns {string}
 */
export function fill(template, values) {
  return template.replace(PLACEHOLDER, (whole, name) => (name in values ? String(values[name]) : whole));
}
