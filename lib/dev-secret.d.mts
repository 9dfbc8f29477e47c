// Types of dev-secret.mjs (plain JavaScript: server.mjs reads it without a build).
export const DEV_SECRET: string;
