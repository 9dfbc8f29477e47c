// User roles (shared/identity/roles.mjs): Default = 1 (a pupil, from the spec), Admin = 2 (the organiser).
import { UserRole as roles } from "./roles.mjs";

export const UserRole = roles;
export type UserRole = (typeof roles)[keyof typeof roles];
