// Types of fill.mjs (plain JavaScript: server.mjs runs it without a build).
export function fill(template: string, values: Record<string, string | number>): string;
