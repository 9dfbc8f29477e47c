// The server's grace for answers in flight, shared with the browser (which finishes within it).

/** An answer that left the phone in time may arrive this much after the deadline. */
export const ANSWER_GRACE_SECONDS = 15;
