// The whole database schema, read top to bottom: reference data, pupils, registrations.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { UserRole } from "../lib/identity/roles";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ─── Reference data ─────────────────────────────────────────────────────────
// Regions and districts are keyed by their SOATO code, so imports match by code.

export const regions = pgTable("regions", {
  id: integer("id").primaryKey(), // SOATO, 4 digits
  name: text("name").notNull(),
});

export const districts = pgTable(
  "districts",
  {
    id: integer("id").primaryKey(), // SOATO, 7 digits
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    name: text("name").notNull(),
  },
  (t) => [index("districts_region_idx").on(t.regionId)],
);

/** A school. */
export const organizations = pgTable(
  "organizations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("organizations_district_name_uq").on(t.districtId, t.name)],
);

/** A subject is per grade: "Matematika" of grade 7 is its own row. */
export const subjects = pgTable(
  "subjects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    grade: smallint("grade").notNull(),
  },
  (t) => [
    uniqueIndex("subjects_name_grade_uq").on(t.name, t.grade),
    check("subjects_grade_range", sql`${t.grade} between 5 and 9`),
  ],
);

// ─── Pupils ─────────────────────────────────────────────────────────────────

export { UserRole } from "../lib/identity/roles";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    role: smallint("role").notNull().default(UserRole.Default),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    middleName: text("middle_name"),
    birthDate: date("birth_date"),
    /** Nine digits after the +998 prefix. */
    phoneNumber: varchar("phone_number", { length: 9 }),
    regionId: integer("region_id").references(() => regions.id),
    districtId: integer("district_id").references(() => districts.id),
    /** Null: no school from the list ("Boshqa maktab"). */
    organizationId: integer("organization_id").references(() => organizations.id),
    grade: smallint("grade"),
    subjectId: integer("subject_id").references(() => subjects.id),
    // Credentials: a pupil gets them when the registration is paid; the organiser from the seed.
    /** Lower case, 5–30 characters. */
    username: varchar("username", { length: 30 }),
    passwordHash: text("password_hash"),
    /** Wrong passwords in a row; the fifth locks the account (ASP.NET Identity's default). */
    failedSignInCount: smallint("failed_sign_in_count").notNull().default(0),
    lockoutEndsAt: timestamp("lockout_ends_at", { withTimezone: true }),
    /** Set by the organiser: no sign-in, and existing sessions end at their next request. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** Bumped to end every session of the user (password reset). */
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("users_district_idx").on(t.districtId),
    index("users_subject_idx").on(t.subjectId),
    uniqueIndex("users_username_uq").on(t.username),
  ],
);

// ─── Registrations ──────────────────────────────────────────────────────────

export const RegistrationStatus = { None: 0, Registered: 1, Paid: 2 } as const;
export type RegistrationStatus = (typeof RegistrationStatus)[keyof typeof RegistrationStatus];

/** A parent's registration, keyed by the guid of its public link. */
export const registrations = pgTable(
  "registrations",
  {
    guid: uuid("guid").primaryKey(),
    userId: integer("user_id").references(() => users.id),
    status: smallint("status").notNull().default(RegistrationStatus.Registered),
    /** The fee fixed when the details were submitted, in so'm. */
    amountSom: integer("amount_som").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("registrations_user_uq").on(t.userId),
    check("registrations_status_valid", sql`${t.status} in (1, 2)`),
  ],
);
