// Types of session-cookie.mjs.
export declare const SESSION_COOKIE: "next-auth.session-token";
export declare function sessionCookieName(secure: boolean): string;
