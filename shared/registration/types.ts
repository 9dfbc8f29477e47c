// What GetRegisterStatus answers (spec §3): 0 never seen, 1 Registered, 2 Paid.
export type RegisterStatus = { status: 0 | 1 | 2; userId: number | null; amountToPay: number };

/** The longest accommodation request (the form, its schema and registrations' check alike). */
export const ACCOMMODATION_MAX = 500;
