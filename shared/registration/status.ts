// A registration's status (spec §3): 0 is "never seen", an answer only, never stored.
export const RegistrationStatus = { None: 0, Registered: 1, Paid: 2 } as const;
export type RegistrationStatus = (typeof RegistrationStatus)[keyof typeof RegistrationStatus];
