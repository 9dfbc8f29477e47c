// Types of roles.mjs.
export declare const UserRole: { readonly Default: 1; readonly Admin: 2 };
