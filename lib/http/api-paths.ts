// The spec's API paths in their canonical case; middleware maps any other casing onto them.
import "server-only";

export const API_PATHS = [
  "/api/Regions/GetAll",
  "/api/Districts/GetAll",
  "/api/Subjects/GetAll",
  "/api/Organizations/GetAll",
  "/api/Registration/GetRegisterStatus",
  "/api/Registration/Register",
  "/api/Identity/Login",
  "/api/Identity/GetCurrentUser",
  "/api/Identity/Update",
  "/api/Identity/Logout",
  "/api/TestAttempts/AllowTestAttempt",
  "/api/TestAttempts/IsThereAttempt",
  "/api/TestAttempts/New",
  "/api/TestAttempts/Get",
  "/api/TestAttempts/GetRemainingTime",
  "/api/TestAttempts/Answer",
  "/api/TestAttempts/Finish",
  "/api/TestAttempts/Result",
  "/api/TestAttempts/CheckPinCode",
  /** Not the spec's: the attempt page's stream of the organiser's acts (lib/live). */
  "/api/TestAttempts/Events",
  /** Not the spec's: during check-in, the pupil's paper sealed for the device (lib/attempts/sealed-paper.ts). */
  "/api/TestAttempts/Paper",
  /** Not the spec's: the pupil's appeals after the test (lib/appeals). */
  "/api/TestAttempts/Appeals",
  /** Not the spec's: the parent's appeals, through the registration's link. */
  "/api/Registration/Appeals",
  "/api/Certificates/Check",
  "/api/Certificates/Generate",
] as const;

const byLowerCase = new Map<string, string>(API_PATHS.map((p) => [p.toLowerCase(), p]));

/** The canonical path for a request path in any casing (and with a trailing slash), if it is one of ours. */
export function canonicalApiPath(pathname: string): string | undefined {
  const canonical = byLowerCase.get(pathname.replace(/\/+$/, "").toLowerCase());
  return canonical && canonical !== pathname ? canonical : undefined;
}
