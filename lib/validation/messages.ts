// A server's validation code for a field, as the Uzbek message the form shows under it.

import type { ValidationCode } from "@/lib/http/contract";
import { uz } from "@/lib/i18n/uz";

const v = uz.validation;

const byField: Record<string, Partial<Record<ValidationCode, string>>> = {
  firstName: { MinLength: v.firstNameMin, MaxLength: v.nameMax, Pattern: v.namePattern },
  lastName: { MinLength: v.lastNameMin, MaxLength: v.nameMax, Pattern: v.namePattern },
  middleName: { MinLength: v.middleNameMin, MaxLength: v.nameMax, Pattern: v.namePattern },
  phoneNumber: { Pattern: v.phoneDigits, Length: v.phoneLength },
  birthDate: { Invalid: v.birthDate, Pattern: v.birthDate, Range: v.birthDate },
  grade: { Range: v.grade, Invalid: v.grade },
  districtId: { Invalid: v.districtOfRegion },
  organizationId: { Invalid: v.schoolOfDistrict },
  subjectId: { Invalid: v.subjectOfGrade },
  questionId: { Invalid: v.questionOfTest },
  correctChoiceId: { Invalid: v.choiceOfQuestion },
};

export function validationMessage(field: string, code: ValidationCode): string {
  if (code === "Required") return v.required;
  return byField[field]?.[code] ?? v.invalid;
}
