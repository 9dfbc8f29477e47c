// A server's validation code for a field, as the message the form shows under it (in the page's language).

import type { ValidationCode } from "@/shared/http/contract";
import { messagesNow } from "@/shared/i18n/said";
import type { Messages } from "@/shared/i18n/types";

type Key = keyof Messages["validation"];

const byField: Record<string, Partial<Record<ValidationCode, Key>>> = {
  firstName: { MinLength: "firstNameMin", MaxLength: "nameMax", Pattern: "namePattern" },
  lastName: { MinLength: "lastNameMin", MaxLength: "nameMax", Pattern: "namePattern" },
  middleName: { MinLength: "middleNameMin", MaxLength: "nameMax", Pattern: "namePattern" },
  phoneNumber: { Pattern: "phoneDigits", Length: "phoneLength" },
  birthDate: { Invalid: "birthDate", Pattern: "birthDate", Range: "birthDate" },
  grade: { Range: "grade", Invalid: "grade" },
  districtId: { Invalid: "districtOfRegion" },
  organizationId: { Invalid: "schoolOfDistrict" },
  subjectId: { Invalid: "subjectOfGrade" },
  questionId: { Invalid: "questionOfTest" },
  correctChoiceId: { Invalid: "choiceOfQuestion" },
};

export function validationMessage(field: string, code: ValidationCode): string {
  const v = messagesNow().validation;
  if (code === "Required") return v.required;
  if (code === "ImageAlt") return v.imageAlt;
  if (code === "Formula") return v.formula;
  return v[byField[field]?.[code] ?? "invalid"];
}
