// A template's {placeholders} filled: for the messages (format.ts) and for the pages server.mjs
// answers itself (plain JavaScript, run without a build).
const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills a template's {placeholders}; a value not given stays visible as its placeholder. */
export function fill(template, values) {
  return template.replace(PLACEHOLDER, (whole, name) => (name in values ? String(values[name]) : whole));
}
