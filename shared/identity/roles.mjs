// @ts-check
// User roles: Default = 1 (a pupil, from the spec), Admin = 2 (the organiser). Plain JavaScript so
// that the front door (server/main.mjs) reads them without a build; shared/identity/roles.ts gives the
// app their type.
export const UserRole = Object.freeze(/** @type {const} */ ({ Default: 1, Admin: 2 }));
