// The whole database schema, read top to bottom: reference data, pupils, registrations.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { type Difficulty, type LanguageTexts, ReviewPolicy, type StudyLanguage, type VoidAwards } from "../shared/attempts/enums";
import { UserRole } from "../shared/identity/roles";
import type { FamilyEventKind, InvitationState } from "../shared/invitations/enums";
import { type PaymentProvider, PaymentState, type ReceiptKind, type ReceiptState } from "../shared/payments/enums";
import { RegistrationStatus } from "../shared/registration/status";

/** Bytes (a picture, a serialised result): Buffers in and out (the embedded database's driver gives Uint8Arrays). */
/** A transaction's id (PostgreSQL's xid8), read and compared as text. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (bytes) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
});

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

// ─── Seasons ────────────────────────────────────────────────────────────────

/**
 * The camp's year: its registration period (first and last day, Tashkent), its fee, the camp's
 * dates and place, and its subjects with their tests. One season at a time takes registrations.
 * `settingsApplied` false: made by the migration, its period and fee still to be taken from the
 * settings at the next start (lib/seasons/seasons.ts).
 */
export const seasons = pgTable(
  "seasons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    year: smallint("year").notNull(),
    title: text("title").notNull(),
    registrationOpens: date("registration_opens", { mode: "string" }).notNull(),
    registrationCloses: date("registration_closes", { mode: "string" }).notNull(),
    feeSom: integer("fee_som").notNull(),
    campStarts: date("camp_starts", { mode: "string" }),
    campEnds: date("camp_ends", { mode: "string" }),
    campPlace: text("camp_place"),
    takingRegistrations: boolean("taking_registrations").notNull().default(false),
    settingsApplied: boolean("settings_applied").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("seasons_year_uq").on(t.year),
    // Exactly one season takes registrations (at most one row can be true).
    uniqueIndex("seasons_one_taking_registrations_uq").on(t.takingRegistrations).where(sql`${t.takingRegistrations}`),
    check("seasons_period", sql`${t.registrationOpens} <= ${t.registrationCloses}`),
    check("seasons_camp", sql`${t.campStarts} is null or ${t.campEnds} is null or ${t.campStarts} <= ${t.campEnds}`),
    check("seasons_fee", sql`${t.feeSom} > 0`),
    check("seasons_title_length", sql`char_length(${t.title}) between 1 and 120`),
  ],
);

/**
 * The public offer as a season stated it, one version per change of what it states (the period,
 * the fee): its words in every interface language, kept as shown, so that the offer a family
 * accepted reads the same however the catalogue or the season changes later.
 */
export const seasonOffers = pgTable(
  "season_offers",
  {
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id),
    version: integer("version").notNull(),
    feeSom: integer("fee_som").notNull(),
    registrationOpens: date("registration_opens", { mode: "string" }).notNull(),
    registrationCloses: date("registration_closes", { mode: "string" }).notNull(),
    /** `{ "uz": [{ heading, paragraphs }], "ru": … }`: the sections as the registration page shows them. */
    texts: jsonb("texts").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.version] })],
);

/** A subject is per grade and season: "Matematika" of grade 7 in 2026 is its own row. */
export const subjects = pgTable(
  "subjects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Unnamed: the current season (db/migrations/0029_seasons.sql, current_season()). */
    seasonId: integer("season_id")
      .notNull()
      .default(sql`current_season()`)
      .references(() => seasons.id),
    name: text("name").notNull(),
    grade: smallint("grade").notNull(),
    /** A rehearsal's own subject (lib/rehearsal/rehearsal.ts): never offered, counted or ranked. */
    rehearsal: boolean("rehearsal").notNull().default(false),
  },
  (t) => [
    uniqueIndex("subjects_season_name_grade_uq").on(t.seasonId, t.name, t.grade),
    check("subjects_grade_range", sql`${t.grade} between 5 and 9`),
  ],
);

// ─── Pupils ─────────────────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    role: smallint("role").$type<UserRole>().notNull().default(UserRole.Default),
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
    /**
     * The password generated at payment, AES-256-GCM encrypted (lib/payments/credentials), so the
     * paid registration page and the chat-bot can show it; erased when the organiser resets it.
     */
    passwordEncrypted: text("password_encrypted"),
    /** Set by the organiser: no sign-in, and existing sessions end at their next request. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** The latest successful sign-in (the organiser's board counts who has signed in). */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Bumped to end every session of the user ("Chiqish", a password reset). */
    sessionVersion: integer("session_version").notNull().default(0),
    /** Added by the organiser to this pupil's test time (a late start, a special need). */
    extraMinutes: smallint("extra_minutes").notNull().default(0),
    /**
     * The interface language the pupil (or the parent, at registration) last used: the language of
     * the pupil's certificate. Null: Uzbek (Latin).
     */
    locale: varchar("locale", { length: 8 }).$type<Locale>(),
    /** The language the pupil studies in (0 Uzbek, 1 Russian, 2 Karakalpak): their test's questions are in it. */
    language: smallint("language").$type<StudyLanguage>().notNull().default(0),
    /**
     * Set when an organiser erased the pupil (lib/personal-data/personal-data.ts): the name, school,
     * birth date, phone and sign-in are gone; the row stays, anonymous, with its district, grade,
     * subject and attempts, so the ranking can still be recomputed.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_locale_valid", sql`${t.locale} in ('uz', 'uz-Cyrl', 'ru')`),
    check("users_language_valid", sql`${t.language} in (0, 1, 2)`),
    index("users_district_idx").on(t.districtId),
    index("users_subject_idx").on(t.subjectId),
    uniqueIndex("users_username_uq").on(t.username),
  ],
);

/**
 * Sign-in tries per username, known or not, so that a stranger cannot tell which usernames
 * exist: each try is claimed here before the password is hashed, and the fifth claim in a row
 * locks the name until ten seconds after the last try. A device that signed in before counts
 * under `device:{username}:{device}` of its own. A success deletes the row.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    /** Normalised (trimmed, lower case), as typed: lower-casing may lengthen it, so no length cap. */
    username: text("username").primaryKey(),
    failedCount: smallint("failed_count").notNull(),
    lockoutEndsAt: timestamp("lockout_ends_at", { withTimezone: true }),
    /** Rows untouched for a day are forgotten by the periodic sweep (unknown names pile up otherwise). */
    lastTryAt: timestamp("last_try_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_last_try_idx").on(t.lastTryAt)],
);

/**
 * Sessions signed out on their own device ("Chiqish"): the token's id, kept until the token
 * expires. The user's other devices stay signed in; ending every session is `sessionVersion`.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ended_sessions_expires_idx").on(t.expiresAt)],
);

// ─── Registrations ──────────────────────────────────────────────────────────

/** A parent's registration, keyed by the guid of its public link. */
export const registrations = pgTable(
  "registrations",
  {
    guid: uuid("guid").primaryKey(),
    userId: integer("user_id").references(() => users.id),
    status: smallint("status").$type<RegistrationStatus>().notNull().default(RegistrationStatus.Registered),
    /** The season registered for, and the version of its offer last accepted (season_offers); unnamed, the current one's. */
    seasonId: integer("season_id")
      .notNull()
      .default(sql`current_season()`)
      .references(() => seasons.id),
    offerVersion: integer("offer_version").notNull().default(sql`current_offer_version()`),
    /** The fee of the offer last accepted, in so'm. */
    amountSom: integer("amount_som").notNull(),
    /**
     * Where the pupil was registered, as last submitted before payment. The second-stage ranking
     * is per district at registration: a later profile change does not move a pupil to another
     * district's list. Null for pupils created without a registration (they rank by their profile).
     */
    regionId: integer("region_id").references(() => regions.id),
    districtId: integer("district_id").references(() => districts.id),
    organizationId: integer("organization_id").references(() => organizations.id),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * What the parent asked for the pupil to take the test on equal terms (a disability's extra
     * time, say), in their words; an organiser approves it as extra minutes (users.extra_minutes).
     * Health data: exported, erased and expired with the rest (lib/personal-data/personal-data.ts).
     */
    accommodationRequest: text("accommodation_request"),
    accommodationApprovedAt: timestamp("accommodation_approved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("registrations_user_uq").on(t.userId),
    index("registrations_season_idx").on(t.seasonId),
    foreignKey({ columns: [t.seasonId, t.offerVersion], foreignColumns: [seasonOffers.seasonId, seasonOffers.version] }),
    check("registrations_status_valid", sql`${t.status} in (1, 2)`),
    check("registrations_accommodation_length", sql`char_length(${t.accommodationRequest}) <= 500`),
  ],
);

// ─── Payments ───────────────────────────────────────────────────────────────

/** One provider transaction for a registration; at most one per registration is ever performed. */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationGuid: uuid("registration_guid")
      .notNull()
      .references(() => registrations.guid),
    provider: varchar("provider", { length: 8 }).$type<PaymentProvider>().notNull(),
    /** Payme's 24-hex id, Click's click_trans_id, the card checkout's id. */
    providerTransactionId: varchar("provider_transaction_id", { length: 64 }).notNull(),
    amountTiyin: bigint("amount_tiyin", { mode: "number" }).notNull(),
    state: smallint("state").$type<PaymentState>().notNull().default(PaymentState.Created),
    /** The provider's own time of the transaction (Payme `time`), Unix ms. */
    providerTime: bigint("provider_time", { mode: "number" }),
    // Unix ms, as Payme reads them back (exactly the values first answered).
    createTime: bigint("create_time", { mode: "number" }).notNull(),
    performTime: bigint("perform_time", { mode: "number" }),
    cancelTime: bigint("cancel_time", { mode: "number" }),
    cancelReason: smallint("cancel_reason"),
    /** The provider's own id of the payment where it differs from the transaction's (Click's click_paydoc_id). */
    providerPaymentId: varchar("provider_payment_id", { length: 64 }),
  },
  (t) => [
    uniqueIndex("payments_provider_transaction_uq").on(t.provider, t.providerTransactionId),
    index("payments_registration_idx").on(t.registrationGuid),
    // The database itself refuses a second performed payment for one registration.
    uniqueIndex("payments_one_performed_uq").on(t.registrationGuid).where(sql`${t.state} = 2`),
    index("payments_provider_time_idx").on(t.provider, t.providerTime),
  ],
);

/**
 * A payment's fiscal receipt (lib/payments/fiscal.ts): Payme's as its SetFiscalData reports it,
 * Click's as our submit_items job (its tries, the next one, the last error) has it registered.
 */
export const fiscalReceipts = pgTable(
  "fiscal_receipts",
  {
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 8 }).$type<ReceiptKind>().notNull(),
    provider: varchar("provider", { length: 8 }).$type<PaymentProvider>().notNull(),
    state: varchar("state", { length: 12 }).$type<ReceiptState>().notNull(),
    /** The receipt's address at the operator (Payme's qr_code_url), once known. */
    receiptUrl: text("receipt_url"),
    /** What the provider said of it: Payme's fiscal_data, Click's last answer. */
    fiscalData: jsonb("fiscal_data"),
    /** Click's job: submissions tried, when the next is due, whose it is until when, what went wrong last. */
    tries: integer("tries").notNull().default(0),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.kind] }),
    index("fiscal_receipts_due_idx").on(t.nextTryAt).where(sql`${t.state} = 'waiting'`),
  ],
);

/** Every provider request and our answer, for audit (never a password or an auth header). */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar("provider", { length: 8 }).$type<PaymentProvider>().notNull(),
    /** Payme's method, Click's prepare/complete, the card's confirm. */
    /** The registration the call was about, when it names one we know. */
    registrationGuid: uuid("registration_guid"),
    action: varchar("action", { length: 40 }).notNull(),
    request: text("request").notNull(),
    response: text("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_events_created_idx").on(t.createdAt), index("payment_events_registration_idx").on(t.registrationGuid)],
);

// ─── The test ───────────────────────────────────────────────────────────────

/** One olympiad round of a subject (stage one). Points are kept in tenths: 1.5 points = 15. */
export const tests = pgTable(
  "tests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => subjects.id),
    stage: smallint("stage").notNull().default(1),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
    durationMinutes: smallint("duration_minutes").notNull().default(90),
    pinCode: varchar("pin_code", { length: 16 }).notNull(),
    easyCount: smallint("easy_count").notNull().default(10),
    mediumCount: smallint("medium_count").notNull().default(10),
    hardCount: smallint("hard_count").notNull().default(10),
    easyPointsTenths: smallint("easy_points_tenths").notNull().default(10),
    mediumPointsTenths: smallint("medium_points_tenths").notNull().default(15),
    hardPointsTenths: smallint("hard_points_tenths").notNull().default(25),
    reviewPolicy: varchar("review_policy", { length: 16 }).$type<ReviewPolicy>().notNull().default(ReviewPolicy.AfterClose),
    /** Bumped by every change of the bank's content: the key of the question content cached per test. */
    contentVersion: integer("content_version").notNull().default(0),
    /**
     * The date its certificates carry ("Berilgan sana") once that day has come; null: the day the
     * pupil ended the test (Tashkent). A certificate keeps the date it was issued with (certificate_issues).
     */
    certificateDate: date("certificate_date", { mode: "string" }),
    /** Check-in opens this many minutes before the test: pupils sign in, their papers are drawn. */
    checkInMinutes: smallint("check_in_minutes").notNull().default(60),
    /** The organiser's own end of appeals; null: the national rule from the close (lib/subject-tests/appeals-deadline.ts). */
    appealsCloseAt: timestamp("appeals_close_at", { withTimezone: true }),
    /**
     * The list's minute: when its final list becomes public to families, pupils, the public check and
     * the chat-bot; null: from its finalisation (lib/final-list/public.ts).
     */
    resultsAt: timestamp("results_at", { withTimezone: true }),
    /** When the public final list was told to its families and its pupils invited (lib/invitations/invitations.ts). */
    listToldAt: timestamp("list_told_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tests_subject_stage_uq").on(t.subjectId, t.stage), check("tests_window", sql`${t.openedAt} < ${t.closedAt}`)],
);

/**
 * The words of a bank item per study language: `{"0": "…", "1": "…"}` (HTML, sanitised on import).
 * One item in two languages is one row, so its statistics, regrade and void act on it once.
 */
const languageTexts = () => jsonb("texts").$type<LanguageTexts>().notNull();
const hasTexts = (texts: unknown) => sql`jsonb_typeof(${texts}) = 'object' and ${texts} <> '{}'::jsonb`;

/** A passage several questions refer to. */
export const readingTexts = pgTable(
  "reading_texts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => subjects.id),
    texts: languageTexts(),
    /** The passage of an earlier season it was copied from when the bank was carried over (lib/seasons/carry.ts). */
    carriedFrom: integer("carried_from").references((): AnyPgColumn => readingTexts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("reading_texts_texts_valid", hasTexts(t.texts))],
);

export const questions = pgTable(
  "questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => subjects.id),
    difficulty: smallint("difficulty").$type<Difficulty>().notNull(),
    /** Its text per study language: it is drawn only for pupils of a language it has. */
    texts: languageTexts(),
    readingTextId: integer("reading_text_id").references(() => readingTexts.id),
    /** Taken out of the bank by the organiser; kept, because attempts that drew it still show it. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /**
     * Voided by a regrade (a broken question): "all" gives its points to everyone who drew it,
     * "none" to nobody, whatever they answered. Null: scored by its correct choice.
     */
    voidAwards: varchar("void_awards", { length: 4 }).$type<VoidAwards>(),
    /** The item of an earlier season it was copied from when the bank was carried over (lib/seasons/carry.ts). */
    carriedFrom: integer("carried_from").references((): AnyPgColumn => questions.id, { onDelete: "set null" }),
    /**
     * How many pupils of earlier seasons saw it with its key (their review): 0 is a fresh item. An
     * exposed one is drawn only when the organiser keeps it on purpose (`keptExposed`).
     */
    seenBy: integer("seen_by").notNull().default(0),
    keptExposed: boolean("kept_exposed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("questions_subject_difficulty_idx").on(t.subjectId, t.difficulty),
    check("questions_seen_by_valid", sql`${t.seenBy} >= 0`),
    check("questions_difficulty_valid", sql`${t.difficulty} in (1, 2, 3)`),
    check("questions_void_awards_valid", sql`${t.voidAwards} in ('all', 'none')`),
    check("questions_texts_valid", hasTexts(t.texts)),
  ],
);

/** Stored in a shuffled order at import, so ids say nothing about which one is correct. */
export const questionChoices = pgTable(
  "question_choices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** In the same languages as its question. */
    texts: languageTexts(),
    isCorrect: boolean("is_correct").notNull(),
    /**
     * The choice's place in the source (A = 0), as the organiser wrote it and the bank shows it.
     * Ids are given in a shuffled order, so an id never tells which choice was written first.
     */
    position: smallint("position").notNull().default(0),
  },
  (t) => [index("question_choices_question_idx").on(t.questionId), check("question_choices_texts_valid", hasTexts(t.texts))],
);

/** A pupil's attempt at a test: one per pupil per test, enforced here. */
export const attempts = pgTable(
  "attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id),
    /** The pupil's study language at the draw: the language of every text the attempt shows. */
    language: smallint("language").$type<StudyLanguage>().notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** min(start + duration + the pupil's extra minutes, the window's close), fixed at start. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Who ended it (shared/attempts/enums EndedBy: 1 the pupil, 2 the clock, 3 an organiser); null while it runs. */
    endedBy: smallint("ended_by"),
    easyScoreTenths: smallint("easy_score_tenths"),
    mediumScoreTenths: smallint("medium_score_tenths"),
    hardScoreTenths: smallint("hard_score_tenths"),
    /**
     * Set when the organiser resets the attempt after a technical failure: it is ended and kept
     * for the record, and the pupil may start again. Every rule reads live attempts only.
     */
    resetAt: timestamp("reset_at", { withTimezone: true }),
    /**
     * Set when the organiser voids the attempt after reviewing an answer-copying screening's
     * evidence (screening_decisions): it stays the pupil's one attempt (no new start), but it no
     * longer counts: out of the ranking, no certificate; the pupil's result says so.
     */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [
    // One live attempt per pupil per test; one reset by the organiser is kept beside it.
    uniqueIndex("attempts_user_test_uq").on(t.userId, t.testId).where(sql`${t.resetAt} is null`),
    index("attempts_unfinished_idx").on(t.deadlineAt).where(sql`${t.endedAt} is null`),
    index("attempts_test_idx").on(t.testId),
    // A pupil's attempts: what a change of the pupil outdates (published_rankings' triggers).
    index("attempts_user_idx").on(t.userId),
  ],
);

/** A question as drawn for one attempt: its number, its choices' order, the pupil's answer. */
export const attemptQuestions = pgTable(
  "attempt_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    number: smallint("number").notNull(),
    /** The choice ids in the order this pupil sees them, shuffled once at start. */
    choiceOrder: integer("choice_order").array().notNull(),
    answerChoiceId: integer("answer_choice_id").references(() => questionChoices.id),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("attempt_questions_attempt_number_uq").on(t.attemptId, t.number)],
);

/**
 * A pupil's questions drawn before the opening: when the countdown opens, so that
 * `New` at the opening only checks the PIN and stamps the start, in one statement. Invisible to
 * every rule and count: only `New` reads it. Dropped when the test's bank or counts change.
 */
export const drawnPapers = pgTable(
  "drawn_papers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id),
    /** The pupil's study language when it was drawn: its questions' and the sealed copy's. */
    language: smallint("language").$type<StudyLanguage>().notNull().default(0),
    /** In number order: [questionId, [choiceId, …] in the order this pupil will see them]. */
    questions: jsonb("questions").$type<[number, number[]][]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.testId] }), index("drawn_papers_test_idx").on(t.testId)],
);

// ─── What a screening for answer copying reads ──────────────────────────────
// Personal data, kept as long as the pupil's phone number (PERSONAL_DATA_MONTHS after their
// olympiad), in the family's export and gone with an erasure (lib/personal-data/personal-data.ts).

/**
 * Every saved answer, a changed one too, appended by Answer's own statement (lib/attempts/taking.ts
 * saveAnswer): a saved answer always has its row, a refused one never. Only the attempt's own
 * foreign key: thousands of pupils save answers to the same few questions and choices at once, and
 * a key on those would share-lock the same rows from every save (multixacts) to check what the
 * attempt's paper already guarantees.
 */
export const answerEvents = pgTable(
  "answer_events",
  {
    /** The order the saves were made in. */
    id: integer("id").generatedAlwaysAsIdentity(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    /** The bank question (attempt_questions.question_id). */
    questionId: integer("question_id").notNull(),
    /** The choice saved (an answer is replaced, never cleared). */
    choiceId: integer("choice_id").notNull(),
    /** The server's time of the save (attempt_questions.answered_at then). */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /**
     * When the pupil chose it, as the page says (its outbox may send an answer late, offline),
     * clamped to [the attempt's start, received_at]. Null: the page did not say.
     */
    chosenAt: timestamp("chosen_at", { withTimezone: true }),
  },
  // One index, by attempt and in order, spread over the tree rather than all at its right edge.
  (t) => [primaryKey({ columns: [t.attemptId, t.id] })],
);

/** Where each sign-in and each start came from: the browser's device id and the client's address. */
export const accessEvents = pgTable(
  "access_events",
  {
    id: integer("id").generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The test started; null for a sign-in. */
    testId: integer("test_id").references(() => tests.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 8 }).$type<"sign-in" | "start">().notNull(),
    /**
     * The browser's id: its device cookie's nonce (lib/identity/device.ts), kept when another
     * account signs in on it, so accounts used on one browser share it. Null: a start from a
     * browser with no valid device cookie.
     */
    deviceId: text("device_id"),
    /** The client's address (lib/http/client-address.mjs); null when it could not be told. */
    address: text("address"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), check("access_events_kind_valid", sql`${t.kind} in ('sign-in', 'start')`)],
);

// ─── Results ────────────────────────────────────────────────────────────────

/**
 * A test's published ranking: the second-stage list as its export and the console certify it, its
 * data rows and their hash, kept when the list is exported or first read, and read again instead of
 * ranked again (lib/results/published.ts). It holds while `ended_attempts` is still the count of
 * the test's ended attempts: an attempt that ends outdates it by that count alone. Any other change
 * of what it was ranked from (a regrade, a reset, a pupil blocked, renamed, erased or moved) moves
 * `version` on and drops what was kept, in the same transaction, by the triggers of migration
 * 0021_published_rankings_triggers.sql.
 */
export const publishedRankings = pgTable(
  "published_rankings",
  {
    testId: integer("test_id")
      .primaryKey()
      .references(() => tests.id, { onDelete: "cascade" }),
    /** Moved on by every change that outdates the ranking; a ranking is kept only over the version it read. */
    version: integer("version").notNull().default(0),
    endedAttempts: integer("ended_attempts"),
    /** The second-stage list's data (lib/results/tables.ts topData) and its hash (dataHash). */
    topRows: jsonb("top_rows").$type<{ keys: string[]; rows: (string | number)[][] }>(),
    topHash: text("top_hash"),
    rankedAt: timestamp("ranked_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "published_rankings_whole",
      sql`(${t.topHash} is null) = (${t.topRows} is null) and (${t.topHash} is null) = (${t.endedAttempts} is null) and (${t.topHash} is null) = (${t.rankedAt} is null)`,
    ),
  ],
);

// ─── Screening for answer copying ───────────────────────────────────────────

/**
 * One run of the answer-similarity screening of a test (lib/integrity/screening.ts): after the
 * test closes, on demand, or after a regrade. The newest run of a test is the one shown.
 */
export const screenings = pgTable(
  "screenings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    /** Why it ran: "close", "console", "regrade". */
    trigger: varchar("trigger", { length: 10 }).notNull(),
    /** The organiser who asked for it (on demand). */
    organiserId: integer("organiser_id").references(() => users.id),
    /** The options it ran with (lib/statistics/similarity.ts ScreeningOptions). */
    options: jsonb("options").$type<Record<string, number>>().notNull(),
    attempts: integer("attempts").notNull(),
    pairs: integer("pairs").notNull(),
    tested: integer("tested").notNull(),
    listed: integer("listed").notNull(),
    /** The CPU time of the statistics alone, ms (the reads and writes apart). */
    cpuMs: integer("cpu_ms").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("screenings_test_idx").on(t.testId, t.ranAt)],
);

/** A pair a screening listed: flagged by its statistics, or sharing a device; with its evidence. */
export const screeningPairs = pgTable(
  "screening_pairs",
  {
    screeningId: integer("screening_id")
      .notNull()
      .references(() => screenings.id, { onDelete: "cascade" }),
    attemptA: integer("attempt_a")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    attemptB: integer("attempt_b")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    /** The pair's statistics (lib/statistics/similarity.ts PairEvidence). */
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    /** Its place in the list: strongest first. */
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.screeningId, t.attemptA, t.attemptB] }),
    // A pair's decisions and its listings across runs.
    index("screening_pairs_pair_idx").on(t.attemptA, t.attemptB),
  ],
);

/**
 * A test's item statistics as last computed (lib/statistics/kept-analysis.ts), per reader language
 * (0: each text in its first), with the digest of what they were computed from: kept until the
 * attempts, the key, the bank or the window change. `analysis` is the result as v8 serialises it
 * (exact: no figure is rounded or lost through JSON). UNLOGGED, as certificate_pictures.
 */
export const itemStatisticsKept = pgTable(
  "item_statistics_kept",
  {
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    reader: smallint("reader").notNull(),
    inputDigest: text("input_digest").notNull(),
    analysis: bytea("analysis").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.reader] })],
);

/**
 * What an organiser decided about a listed pair, with the reason: nothing, or void one attempt or
 * both. Kept whatever later screenings find; the newest decision of a pair is the one that holds.
 */
export const screeningDecisions = pgTable(
  "screening_decisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    attemptA: integer("attempt_a")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    attemptB: integer("attempt_b")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    /** "none", "voidA", "voidB", "voidBoth". */
    decision: varchar("decision", { length: 10 }).notNull(),
    reason: text("reason").notNull(),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("screening_decisions_pair_idx").on(t.attemptA, t.attemptB),
    check("screening_decisions_valid", sql`${t.decision} in ('none', 'voidA', 'voidB', 'voidBoth')`),
  ],
);

// ─── After the test: appeals, score changes and the final list ──────────────

/**
 * The organiser's decision on the appeals of one question of a test (or on one appeal against a
 * result as a whole: question null). reject and upheld change nothing; also, key and void run the
 * regrade (lib/appeals/rescoring.ts) in the decision's transaction.
 */
export const appealDecisions = pgTable(
  "appeal_decisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    questionId: integer("question_id").references(() => questions.id),
    /** "reject", "upheld" (a result's appeal heard), "also" (another choice correct too), "key", "void". */
    outcome: varchar("outcome", { length: 8 }).notNull(),
    choiceId: integer("choice_id").references(() => questionChoices.id),
    voidAwards: varchar("void_awards", { length: 8 }).$type<VoidAwards>(),
    /** Shown to the pupils who appealed: in Uzbek (Latin; written in Cyrillic for Cyrillic readers) and, if given, in Russian. */
    reason: text("reason").notNull(),
    reasonRu: text("reason_ru"),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("appeal_decisions_test_idx").on(t.testId),
    check("appeal_decisions_outcome", sql`${t.outcome} in ('reject', 'upheld', 'also', 'key', 'void')`),
  ],
);

/**
 * A pupil's appeal against one question of the paper (attempt_question_id) or against the result
 * as a whole (null): one per question per attempt, edited in place until it is decided or the
 * test's appeals close.
 */
export const appeals = pgTable(
  "appeals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    attemptQuestionId: integer("attempt_question_id").references(() => attemptQuestions.id, { onDelete: "cascade" }),
    questionId: integer("question_id").references(() => questions.id),
    /** "key" (the key is wrong), "unclear" (the question is unclear), "result" (the result as a whole). */
    kind: varchar("kind", { length: 8 }).notNull(),
    text: text("text").notNull(),
    decisionId: integer("decision_id").references(() => appealDecisions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("appeals_one_per_question_uq").on(t.attemptId, sql`coalesce(${t.attemptQuestionId}, 0)`),
    index("appeals_test_question_idx").on(t.testId, t.questionId),
    check("appeals_kind", sql`${t.kind} in ('key', 'unclear', 'result')`),
    check(
      "appeals_whole",
      sql`(${t.kind} = 'result') = (${t.attemptQuestionId} is null) and (${t.attemptQuestionId} is null) = (${t.questionId} is null)`,
    ),
  ],
);

/** Why a pupil's score moved: one row per attempt a regrade re-scored, shown on the pupil's result. */
export const scoreChanges = pgTable(
  "score_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id").references(() => questions.id),
    /** The regrade's action: "key", "also" or "void". */
    action: varchar("action", { length: 8 }).notNull(),
    oldTenths: integer("old_tenths").notNull(),
    newTenths: integer("new_tenths").notNull(),
    reason: text("reason").notNull(),
    reasonRu: text("reason_ru"),
    decisionId: integer("decision_id").references(() => appealDecisions.id),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("score_changes_attempt_idx").on(t.attemptId)],
);

/**
 * A test's final second-stage list, as the organiser finalised it: its rows as the protocol and the
 * public check show them, and its published hash. A later version replaces it, with a reason.
 */
export const finalLists = pgTable(
  "final_lists",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The second-stage list's hash (lib/results/tables.ts dataHash of topData), as every export prints it. */
    topHash: text("top_hash").notNull(),
    /** The list's rows and every district's count of pupils ranked (lib/final-list/final.ts FinalRows). */
    rows: jsonb("rows").$type<unknown>().notNull(),
    ranked: integer("ranked").notNull(),
    appeals: integer("appeals").notNull(),
    /** Why the list was finalised again; null for the first version. */
    reason: text("reason"),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id),
    finalisedAt: timestamp("finalised_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("final_lists_test_version_uq").on(t.testId, t.version),
    index("final_lists_hash_idx").on(t.topHash),
    check("final_lists_reason", sql`(${t.version} = 1) = (${t.reason} is null)`),
  ],
);

/**
 * The camp's invitation of a pupil on a public final list, or of a reserve a freed place passed to
 * (lib/invitations/invitations.ts): one per pupil and test, answered by the family until its deadline.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The district's list it is of (the final list's district; null: none known). */
    districtId: integer("district_id"),
    /** The pupil's rank in the district when invited. */
    rank: smallint("rank").notNull(),
    /** Invited from the reserve, when a place was freed (else from the list itself). */
    fromReserve: boolean("from_reserve").notNull().default(false),
    state: varchar("state", { length: 16 }).$type<InvitationState>().notNull().default("invited"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Who answered: the family's page or the chat-bot. */
    answeredVia: varchar("answered_via", { length: 8 }),
  },
  (t) => [
    uniqueIndex("invitations_test_user_uq").on(t.testId, t.userId),
    index("invitations_waiting_idx").on(t.deadlineAt).where(sql`${t.state} = 'invited'`),
    check("invitations_state", sql`${t.state} in ('invited', 'confirmed', 'declined', 'expired')`),
    check("invitations_answered", sql`(${t.state} in ('confirmed', 'declined')) = (${t.answeredAt} is not null)`),
  ],
);

/**
 * The family events outbox (lib/family-events): written in the transaction of what happened, then
 * delivered to the chat-bot's webhook in order per family, retried until acknowledged, and read by
 * the bot's cursor (its id). `key` makes each event once.
 */
export const familyEvents = pgTable(
  "family_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid("guid").notNull(),
    kind: varchar("kind", { length: 32 }).$type<FamilyEventKind>().notNull(),
    key: text("key").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The test it is of, for the console's count of families told per list (null: none). */
    testId: integer("test_id"),
    /**
     * The transaction that wrote it: the bot's cursor reads in (tx, id) order only what every
     * transaction before it has settled, so an event committed late is never skipped (./cursor.ts).
     */
    tx: xid8("tx").notNull().default(sql`pg_current_xact_id()`),
    createdAt: createdAt(),
    /** Acknowledged by the webhook, or read through the cursor. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    tries: integer("tries").notNull().default(0),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }).notNull().defaultNow(),
    /** A process sending it holds it until then (lib/background/lease.ts). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("family_events_key_uq").on(t.key),
    index("family_events_waiting_idx").on(t.guid, t.id).where(sql`${t.deliveredAt} is null`),
    index("family_events_test_idx").on(t.testId),
    index("family_events_cursor_idx").on(t.tx, t.id),
  ],
);

// ─── The organiser ──────────────────────────────────────────────────────────

/** Every organiser action and every change of a test, with who, when, what and why (read-only). */
export const organiserActions = pgTable(
  "organiser_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id),
    /** What was done: "pupil.block", "test.update", … (lib/audit/record). */
    action: varchar("action", { length: 40 }).notNull(),
    /** What it was done to: "pupil", "attempt", "test", "organiser", "question". */
    targetType: varchar("target_type", { length: 20 }).notNull(),
    targetId: integer("target_id"),
    reason: text("reason"),
    /** What changed, as JSON text (before and after, the new minutes, …); never a password. */
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [index("organiser_actions_created_idx").on(t.createdAt), index("organiser_actions_target_idx").on(t.targetType, t.targetId)],
);

/**
 * What the organiser tells every pupil at once (an outage, extra minutes for all): a banner on the
 * start and attempt pages and a line on the public /holat page, for the day it was written, until
 * withdrawn. Uzbek always; Cyrillic and Russian when written (else the Uzbek, transliterated or as is).
 */
export const notices = pgTable(
  "notices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id),
    /** By interface locale: `uz` always, `uz-Cyrl` and `ru` when the organiser wrote them. */
    texts: jsonb("texts").$type<NoticeTexts>().notNull(),
    createdAt: createdAt(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("notices_created_idx").on(t.createdAt)],
);

/** A notice's words per interface locale. */
export type NoticeTexts = { uz: string } & Partial<Record<Exclude<Locale, "uz">, string>>;

/**
 * A rehearsal of the opening (`npm run ops:rehearsal`): its own subject, test and synthetic pupils,
 * removed when it ends; the row stays with what the run measured, for the console.
 */
export const rehearsals = pgTable("rehearsals", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Null once its subject, test and pupils are removed. */
  subjectId: integer("subject_id").references(() => subjects.id, { onDelete: "set null" }),
  organiserId: integer("organiser_id")
    .notNull()
    .references(() => users.id),
  pupils: integer("pupils").notNull(),
  openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
  /** What the run measured and its verdict (lib/rehearsal/schema.ts). */
  report: jsonb("report").$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  reportedAt: timestamp("reported_at", { withTimezone: true }),
  removedAt: timestamp("removed_at", { withTimezone: true }),
});

/**
 * A certificate's issue date, fixed the first time the certificate is issued (read for its pupil,
 * its check page or its picture: lib/certificates/certificates.ts), so that what a family holds
 * keeps its date: a later change of the test's certificate date applies to certificates issued
 * after it. One row per attempt, the certificate's (a reset attempt's new one is issued anew). A
 * table of its own: an update of an ended attempt outdates the test's published ranking
 * (migration 0021), and issuing a certificate changes no result.
 */
export const certificateIssues = pgTable("certificate_issues", {
  attemptId: integer("attempt_id")
    .primaryKey()
    .references(() => attempts.id, { onDelete: "cascade" }),
  /** The day it carries, "2026-11-26" (Tashkent). */
  issuedOn: date("issued_on", { mode: "string" }).notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Certificates drawn and kept (lib/certificates/kept.ts): a pupil's picture of a kind ("print",
 * "preview") for the site address its QR code names, with the version of its content
 * (lib/certificates/render.ts certificateVersion); only the current version is ever served. A row
 * without `png` is being drawn by the process whose claim runs until `claimedUntil`. The table is
 * UNLOGGED (migration 0026): pictures are drawn again, not recovered, after a database crash, and
 * cost no write-ahead log, replica or backup space.
 */
export const certificatePictures = pgTable(
  "certificate_pictures",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).notNull(),
    origin: text("origin").notNull(),
    version: text("version").notNull(),
    png: bytea("png"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.origin] })],
);
