// User roles: Default = 1 (a pupil, from the spec), Admin = 2 (the organiser).
export const UserRole = { Default: 1, Admin: 2 } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];
