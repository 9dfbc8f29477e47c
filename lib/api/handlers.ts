// Every route's handlers, from their domains' tables: tsc fails here when a route of the routes
// table (lib/api/routes.mjs) has no handler, and in the domain's table when one has a method or a
// route the table does not declare. Read by the tests that keep app/api's route files in step;
// the app itself imports each domain's table from its route files only.
import "server-only";
import { fallbackApi } from "@/lib/api/api";
import { appealsApi } from "@/lib/appeals/api";
import { attemptsApi } from "@/lib/attempts/api";
import { auditApi } from "@/lib/audit/api";
import { boardApi } from "@/lib/board/api";
import { botApi } from "@/lib/bot/api";
import { certificatesApi } from "@/lib/certificates/api";
import { identityApi } from "@/lib/identity/api";
import { incidentsApi } from "@/lib/incidents/api";
import { integrityApi } from "@/lib/integrity/api";
import { invitationsApi } from "@/lib/invitations/api";
import { operationsApi } from "@/lib/operations/api";
import { organisersApi } from "@/lib/organisers/api";
import { paymentsApi } from "@/lib/payments/api";
import { pupilsApi } from "@/lib/pupils/api";
import { questionsApi } from "@/lib/questions/api";
import { referenceApi } from "@/lib/reference/api";
import { registrationApi } from "@/lib/registration/api";
import { rehearsalApi } from "@/lib/rehearsal/api";
import { resultsApi } from "@/lib/results/api";
import { seasonsApi } from "@/lib/seasons/api";
import { statisticsApi } from "@/lib/statistics/api";
import { subjectTestsApi } from "@/lib/subject-tests/api";
import { testingApi } from "@/lib/testing/api";
import type { ApiHandlers } from "./handler";

export const API_HANDLERS = {
  ...appealsApi,
  ...attemptsApi,
  ...auditApi,
  ...boardApi,
  ...botApi,
  ...invitationsApi,
  ...certificatesApi,
  ...fallbackApi,
  ...identityApi,
  ...incidentsApi,
  ...integrityApi,
  ...operationsApi,
  ...organisersApi,
  ...paymentsApi,
  ...pupilsApi,
  ...questionsApi,
  ...referenceApi,
  ...registrationApi,
  ...rehearsalApi,
  ...resultsApi,
  ...seasonsApi,
  ...statisticsApi,
  ...subjectTestsApi,
  ...testingApi,
} satisfies Required<ApiHandlers>;
