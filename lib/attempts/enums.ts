// The test's enumerations, safe for the browser: a question's difficulty and a test's review policy.
export const Difficulty = { Easy: 1, Medium: 2, Hard: 3 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];

/** When the key is shown in review: after the window closes (default), or after the pupil ends. */
export const ReviewPolicy = { AfterClose: "afterClose", AfterEnd: "afterEnd" } as const;
export type ReviewPolicy = (typeof ReviewPolicy)[keyof typeof ReviewPolicy];

/** Who ended an attempt: the pupil ("Yakunlash"), the clock (its deadline), or an organiser. */
export const EndedBy = { Pupil: 1, Clock: 2, Organiser: 3 } as const;
export type EndedBy = (typeof EndedBy)[keyof typeof EndedBy];

/** A voided question's points after a regrade: given to everyone who drew it, or to nobody. */
export const VoidAwards = { All: "all", None: "none" } as const;
export type VoidAwards = (typeof VoidAwards)[keyof typeof VoidAwards];
