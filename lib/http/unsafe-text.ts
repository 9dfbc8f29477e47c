// Text that must never reach the database or a page: control characters, C0 and C1 (NUL above
// all, which PostgreSQL refuses in text), and lone UTF-16 surrogates. Tab, line feed and carriage
// return are ordinary text.
import "server-only";

const CONTROL_CHARACTER = "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]";
const CONTROL = new RegExp(CONTROL_CHARACTER);
const EVERY_CONTROL = new RegExp(CONTROL_CHARACTER, "g");

export function isUnsafeText(value: string): boolean {
  return CONTROL.test(value) || !value.isWellFormed();
}

/**
 * The paths ("questions.3.text", "username") of every unsafe string in a parsed body, query or
 * set of route parameters, keys included; walked without recursion, so depth costs no stack.
 */
export function unsafeTextPaths(input: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: input, path: "" }];
  while (stack.length > 0 && found.length < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (isUnsafeText(value)) found.push(path || "body");
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnsafeText(key)) found.push(childPath);
        else stack.push({ value: child, path: childPath });
      }
    }
  }
  return found;
}

/** For the audit trail, which records any call whatever it carries: unsafe characters escaped. */
export function storableText(value: string): string {
  return value.toWellFormed().replace(EVERY_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
