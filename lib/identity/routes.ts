// Which signed-in pages each role may open (spec §6); "*" is any signed-in user.
import { UserRole } from "./roles";

type Rule = { path: string; roles: "*" | readonly number[] };

export const PAGE_RULES: readonly Rule[] = [
  { path: "/test-attempt", roles: [UserRole.Default] },
  { path: "/update-profile", roles: "*" },
  { path: "/admin", roles: [UserRole.Admin] },
  { path: "/", roles: "*" },
];

/** The rule of a page path, if the page needs a signed-in user. */
export function pageRule(pathname: string): Rule | undefined {
  return PAGE_RULES.find((r) => (r.path === "/" ? pathname === "/" : pathname === r.path || pathname.startsWith(`${r.path}/`)));
}

export function mayOpen(rule: Rule, role: number): boolean {
  return rule.roles === "*" || rule.roles.includes(role);
}

/** Where a signed-in user lands when no page was asked for. */
export function homeOf(role: number): string {
  return role === UserRole.Admin ? "/admin" : "/test-attempt";
}
