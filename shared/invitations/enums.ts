// The camp's invitation, as the family's page, the chat-bot and the console name its states and answers.

/** invited: waiting for the family's answer until its deadline; then confirmed, declined or expired. */
export const INVITATION_STATES = ["invited", "confirmed", "declined", "expired"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What a family answers. */
export const INVITATION_ANSWERS = ["confirm", "decline"] as const;
export type InvitationAnswer = (typeof INVITATION_ANSWERS)[number];

/** The family events the outbox delivers to the chat-bot (lib/family-events). */
export const FAMILY_EVENT_KINDS = [
  "list.selected",
  "list.reserve",
  "list.notSelected",
  "invitation.sent",
  "invitation.expiring",
  "invitation.answered",
  "invitation.expired",
  "appeal.decided",
  "receipt.registered",
] as const;
export type FamilyEventKind = (typeof FAMILY_EVENT_KINDS)[number];
