// The payments' enumerations, safe for the browser: the providers and a payment's state.
export const PaymentProvider = { Payme: "payme", Click: "click", Card: "card" } as const;
export type PaymentProvider = (typeof PaymentProvider)[keyof typeof PaymentProvider];

/**
 * Payme's states, used for every provider: 1 created (Click: prepared), 2 performed (paid),
 * -1 cancelled before perform, -2 cancelled after perform.
 */
export const PaymentState = { Created: 1, Performed: 2, Cancelled: -1, CancelledAfterPerform: -2 } as const;
export type PaymentState = (typeof PaymentState)[keyof typeof PaymentState];

/**
 * A payment's fiscal receipt at the tax office's operator (OFD): waiting (Click's: to be submitted,
 * or retried), registered, or refused (the provider or the operator said no: the reason is kept).
 */
export const ReceiptState = { Waiting: "waiting", Registered: "registered", Refused: "refused" } as const;
export type ReceiptState = (typeof ReceiptState)[keyof typeof ReceiptState];

/** A payment's receipt (PERFORM) or its cancellation's (CANCEL), as Payme names them. */
export type ReceiptKind = "PERFORM" | "CANCEL";
