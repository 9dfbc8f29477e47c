// Spec §6: every guarded page and endpoint refuses the wrong person with the right
// status; the sign-in page returns only to paths of this site.
import { routerStateOf } from "../../server/next-router-state.mjs";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newPupil, ORGANISER, signedIn } from "../support/http";

type Who = "anonymous" | "pupil" | "organiser";

const PAGES: { path: string; allowed: Who[] }[] = [
  { path: "/", allowed: ["pupil", "organiser"] },
  { path: "/update-profile", allowed: ["pupil", "organiser"] },
  { path: "/test-attempt", allowed: ["pupil"] },
  { path: "/test-attempt/1?questionNumber=2", allowed: ["pupil"] },
  { path: "/admin", allowed: ["organiser"] },
];

const ENDPOINTS: { method: "GET" | "POST" | "PUT"; path: string; allowed: Who[]; data?: unknown }[] = [
  { method: "GET", path: "/api/Identity/GetCurrentUser", allowed: ["pupil", "organiser"] },
  { method: "POST", path: "/api/Identity/Update", allowed: ["pupil", "organiser"], data: {} },
  { method: "PUT", path: "/api/admin/pupils/1/blocked", allowed: ["organiser"], data: { blocked: false, reason: "Tekshiruv" } },
];

let contexts: Record<Who, APIRequestContext>;

test.beforeAll(async ({ request }) => {
  contexts = {
    anonymous: await anonymous(),
    pupil: await signedIn(await newPupil(request)),
    organiser: await signedIn(ORGANISER),
  };
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts ?? {}).map((c) => c.dispose()));
});

test.describe("signed-in pages", () => {
  for (const { path, allowed } of PAGES) {
    test(`${path}`, async () => {
      const anonymousAnswer = await contexts.anonymous.get(path, { maxRedirects: 0 });
      expect(anonymousAnswer.status()).toBe(307);
      const location = new URL(anonymousAnswer.headers().location, "http://x");
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("returnUrl")).toBe(path);

      for (const who of ["pupil", "organiser"] as const) {
        const response = await contexts[who].get(path, { maxRedirects: 0 });
        if (allowed.includes(who)) {
          // Let through: the page, a redirect onward, or its own 404 (an attempt id that is not there).
          expect([200, 307, 404], `${who} ${path}`).toContain(response.status());
        } else {
          expect(response.status(), `${who} ${path}`).toBe(403);
          expect(await response.text()).toContain("Unauthorized");
        }
      }
    });
  }

  test("/ sends each role home", async () => {
    const pupil = await contexts.pupil.get("/", { maxRedirects: 0 });
    expect(pupil.headers().location).toBe("/test-attempt");
    const organiser = await contexts.organiser.get("/", { maxRedirects: 0 });
    expect(organiser.headers().location).toBe("/admin");
  });
});

test.describe("guarded endpoints", () => {
  for (const { method, path, allowed, data } of ENDPOINTS) {
    test(`${method} ${path}`, async () => {
      for (const who of ["anonymous", "pupil", "organiser"] as const) {
        const response = await contexts[who].fetch(path, { method, data });
        const status = response.status();
        if (who === "anonymous") expect(status, who).toBe(401);
        else if (!allowed.includes(who)) expect(status, who).toBe(403);
        else expect([200, 404, 422], who).toContain(status);
        if (status >= 400) expect(await response.json(), who).toHaveProperty("message");
      }
    });
  }
});

test.describe("the sign-in page", () => {
  test("signed in: goes to returnUrl, only to a path of this site, else to the pupil's own page", async () => {
    const cases: [string, string][] = [
      ["/update-profile", "/update-profile"],
      ["https://evil.example/", "/test-attempt"],
      ["//evil.example", "/test-attempt"],
      ["/\\evil.example", "/test-attempt"],
      ["javascript:alert(1)", "/test-attempt"],
    ];
    for (const [returnUrl, expected] of cases) {
      const response = await contexts.pupil.get(`/login?returnUrl=${encodeURIComponent(returnUrl)}`, { maxRedirects: 0 });
      expect(response.status(), returnUrl).toBe(307);
      expect(response.headers().location, returnUrl).toBe(expected);
    }
  });

  test("signed out: the form", async () => {
    const response = await contexts.anonymous.get("/login?returnUrl=%2Ftest-attempt");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Kirish");
  });
});

test.describe("organiser pages asked for as a client navigation", () => {
  // The router may skip a layout the browser says it already has; each page checks the role itself.
  for (const [path, table] of [
    ["/admin/audit", "audit-table"],
    ["/admin/pupils", "pupils-table"],
    ["/admin/registrations", "registrations-table"],
    ["/admin/organisers", "organisers-table"],
    ["/admin/results", "results-table"],
  ]) {
    test(`${path} as a pupil's RSC request that claims the /admin layout`, async () => {
      const headers = { RSC: "1", "Next-Router-State-Tree": routerStateOf(path) };
      const response = await contexts.pupil.get(path, { headers, maxRedirects: 0 });
      const body = await response.text();
      expect(body).not.toContain(table); // no table, no data
      expect(body).toContain("NEXT_HTTP_ERROR_FALLBACK;403"); // the page itself answered forbidden()
    });
  }
});
