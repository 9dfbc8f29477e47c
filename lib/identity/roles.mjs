// User roles: Default = 1 (a pupil, from the spec), Admin = 2 (the organiser). Plain JavaScript so
// that server.mjs reads them without a build; lib/identity/roles.ts gives the app their type.
export const UserRole = Object.freeze({ Default: 1, Admin: 2 });
