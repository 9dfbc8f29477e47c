// A search box's text as an ILIKE pattern: the text anywhere, its own % and _ taken literally.
import "server-only";

export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
