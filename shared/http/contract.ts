// The error contract every API answer keeps (spec §8), safe for the browser: the
// business codes, the validation codes per field, and the body an error carries. The server's
// errors (lib/http/errors.ts) and the browser's fetch layer (client.ts) both speak it.

/** Business error codes carried in the body's `code` (spec §8). */
export const ErrorCode = {
  RegistrationAlreadyPaid: 1001,
  /** Added here: the season's registration period has not begun; nothing is registered or paid yet. */
  RegistrationNotOpen: 1002,
  /** Added here: the registration period is over: no new registration, no payment of an unpaid one. */
  RegistrationClosed: 1003,
  SignInLockedOut: 2101,
  SignInFailed: 2102,
  SignInBlocked: 2103,
  QuestionsNotEnough: 3000,
  ThereIsNotEndedAttempt: 4000,
  WrongPinCode: 4001,
  AttemptEnded: 4002,
  TestNotOpen: 4003,
  AttemptAlreadyTaken: 4004,
  InvalidChoice: 4005,
  /** Added here: grade and subject are fixed once the pupil has started a test. */
  SubjectLocked: 4006,
  /** Added here: a change of window, duration or review policy while pupils are testing, or reopening a test whose key may have been shown, needs the subject's name typed. */
  ConfirmationRequired: 4007,
  /** Added here: a new organiser's username is already someone's. */
  UsernameTaken: 4008,
  /** Added here: a question an attempt drew never changes (retire it and add a new one). */
  QuestionInUse: 4009,
  /** Added here: a test's counts and points are fixed once a pupil has started it. */
  PointsLocked: 4010,
  KeyChanged: 4011,
  /** Added here: after the start the pupil's name (on the certificate) is changed by an organiser only. */
  NameLocked: 4012,
  /** Added here: an appeal outside its period (before the key is shown, after the appeals close, or once the list is final). */
  AppealsClosed: 4013,
  /** Added here: an appeal that already has a decision is no longer edited. */
  AppealDecided: 4014,
  /** Added here: a list is finalised only after its appeals have closed (and no attempt is still answering). */
  AppealsOpen: 4015,
  /** Added here: a list is finalised only once every appeal has a decision. */
  AppealsPending: 4016,
  /** Added here: the list changed since the finalisation's confirmation showed it. */
  ListChanged: 4017,
  /** Added here: a season of that year already exists (one season per camp year). */
  SeasonYearTaken: 4018,
  /** Added here: a past season is closed: its tests, scores and lists take no new decision. */
  SeasonClosed: 4019,
  /** Added here: the next season's fresh items cannot fill a test, and the organiser did not choose to use exposed ones. */
  FreshItemsShort: 4020,
  /** Added here: the list is public already: its minute stays as families were shown it. */
  ListPublic: 4021,
  /** Added here: the pupil has no invitation to the camp (not selected, or not yet). */
  NotInvited: 4022,
  /** Added here: the invitation's deadline has passed: the place went to the next pupil. */
  InvitationExpired: 4023,
  /** Added here: the invitation was answered already: the answer stays. */
  InvitationAnswered: 4024,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Stable validation codes, per field. */
export type ValidationCode =
  | "Required"
  | "MinLength"
  | "MaxLength"
  | "Length"
  | "Pattern"
  | "Range"
  | "Enum"
  | "Invalid"
  /** A question's image without a text for those who cannot see it (WCAG 1.1.1). */
  | "ImageAlt"
  /** A formula that cannot be typeset: too long, nested too deep, defining macros, or malformed. */
  | "Formula";
export type ValidationErrors = Record<string, ValidationCode[]>;

/** A file's errors, one per bad row or question, where the contract's field map cannot point. */
export type SourceError = { where: string; field: string; message: string };

/** A saturated server's 503 (server/main.mjs): the client's place in the queue (1: next) and its wait. */
export type QueuePlace = { position: number; waitSeconds: number };

export type ErrorBody = {
  code: number | null;
  message: string;
  validationErrors: ValidationErrors;
  errors?: SourceError[];
} & Partial<QueuePlace>;
