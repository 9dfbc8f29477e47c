// Spec §5, registration: each rule of the shared schema, with the spec's Uzbek messages and codes.
import { describe, expect, it } from "vitest";
import { toValidationErrors } from "@/lib/http/errors";
import { uz } from "@/shared/i18n/uz";
import { registerSchema, registrationFormSchema } from "@/shared/registration/schema";

const valid = {
  guid: "6f1c1b2e-8a3d-4c5e-9f70-1a2b3c4d5e6f",
  regionId: 1726,
  districtId: 1726266,
  organizationId: 0,
  grade: 7,
  subjectId: 11,
  firstName: "Sardor",
  lastName: "Toshmatov",
  middleName: "Alisherovich",
  birthDate: "2012-03-15",
  phoneNumber: "901234567",
};

function failure(input: Record<string, unknown>) {
  const result = registerSchema.safeParse(input);
  expect(result.success).toBe(false);
  if (result.success) throw new Error("unreachable");
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return { messages, codes: toValidationErrors(result.error, input) };
}

describe("a complete registration", () => {
  it("is accepted as it is", () => {
    expect(registerSchema.parse(valid)).toMatchObject({ ...valid, organizationId: 0 });
  });

  it("needs only the required fields", () => {
    const { organizationId, middleName, birthDate, phoneNumber, ...required } = valid;
    expect(registerSchema.safeParse(required).success).toBe(true);
  });

  it("treats blank optional fields as not given", () => {
    const parsed = registerSchema.parse({ ...valid, middleName: "", birthDate: "", phoneNumber: " ", organizationId: null });
    expect(parsed.middleName).toBeUndefined();
    expect(parsed.birthDate).toBeUndefined();
    expect(parsed.phoneNumber).toBeUndefined();
    expect(parsed.organizationId).toBeUndefined();
  });

  it("trims names", () => {
    expect(registerSchema.parse({ ...valid, firstName: "  Ali  " }).firstName).toBe("Ali");
  });

  it("accepts Uzbek apostrophes and hyphens in names", () => {
    expect(registerSchema.safeParse({ ...valid, lastName: "Gʻofurova-Oʻrinova", firstName: "Ma'mura" }).success).toBe(true);
  });
});

describe("regionId, districtId, grade, subjectId are required", () => {
  for (const field of ["regionId", "districtId", "grade", "subjectId"] as const) {
    it(`${field} missing → Required`, () => {
      const { [field]: _omitted, ...rest } = valid;
      expect(failure(rest).codes[field]).toEqual(["Required"]);
    });
  }

  it("grade outside 5..9 → Range", () => {
    expect(failure({ ...valid, grade: 4 }).codes.grade).toEqual(["Range"]);
    expect(failure({ ...valid, grade: 10 }).codes.grade).toEqual(["Range"]);
  });

  it("a number sent as a string → Invalid", () => {
    expect(failure({ ...valid, grade: "7" }).codes.grade).toEqual(["Invalid"]);
  });

  it("ids beyond the database's integer → Range, never a database error", () => {
    expect(failure({ ...valid, districtId: 99_999_999_999 }).codes.districtId).toEqual(["Range"]);
  });
});

describe("names", () => {
  it("first name under 3 letters", () => {
    const { messages, codes } = failure({ ...valid, firstName: "Al" });
    expect(messages.firstName).toBe("Ism 3 ta harfdan kam bo'lmasligi kerak");
    expect(codes.firstName).toEqual(["MinLength"]);
  });

  it("last name under 3 letters", () => {
    expect(failure({ ...valid, lastName: "To" }).messages.lastName).toBe("Familya 3 ta harfdan kam bo'lmasligi kerak");
  });

  it("middle name, when given, under 3 letters", () => {
    expect(failure({ ...valid, middleName: "Al" }).messages.middleName).toBe("Otasining ismi 3 ta harfdan kam bo'lmasligi kerak");
  });

  it("first and last name missing → Required", () => {
    const { firstName, lastName, ...rest } = valid;
    expect(failure(rest).codes).toMatchObject({ firstName: ["Required"], lastName: ["Required"] });
  });

  it("markup and digits are refused (Pattern)", () => {
    expect(failure({ ...valid, firstName: "<script>alert(1)</script>" }).codes.firstName).toContain("Pattern");
    expect(failure({ ...valid, lastName: "Robert'); DROP TABLE users;--" }).codes.lastName).toContain("Pattern");
    expect(failure({ ...valid, firstName: "Ali2" }).messages.firstName).toBe(uz.validation.namePattern);
  });

  it("a huge name → MaxLength", () => {
    expect(failure({ ...valid, firstName: "a".repeat(10_000) }).codes.firstName).toEqual(["MaxLength"]);
  });
});

describe("phone number", () => {
  it("not exactly 9 digits", () => {
    const { messages, codes } = failure({ ...valid, phoneNumber: "90123456" });
    expect(messages.phoneNumber).toBe("Telefon raqam 9 ta raqamdan iborat bo'lishi kerak");
    expect(codes.phoneNumber).toEqual(["Length"]);
  });

  it("not only digits", () => {
    const { messages, codes } = failure({ ...valid, phoneNumber: "90123456a" });
    expect(messages.phoneNumber).toBe("Telefon raqam raqamlardan iborat bo'lishi kerak");
    expect(codes.phoneNumber).toEqual(["Pattern"]);
  });
});

describe("birth date", () => {
  it("must be a real calendar date", () => {
    expect(failure({ ...valid, birthDate: "2012-02-30" }).codes.birthDate).toEqual(["Invalid"]);
    expect(failure({ ...valid, birthDate: "15.03.2012" }).codes.birthDate).toEqual(["Pattern"]);
  });

  it("cannot be in the future", () => {
    expect(failure({ ...valid, birthDate: "2999-01-01" }).codes.birthDate).toEqual(["Range"]);
  });
});

describe("guid", () => {
  it("must be a UUID", () => {
    expect(failure({ ...valid, guid: "not-a-guid" }).codes.guid).toEqual(["Invalid"]);
    expect(failure({ ...valid, guid: undefined }).codes.guid).toEqual(["Required"]);
  });
});

describe("the form's agreement", () => {
  it("must be ticked to submit", () => {
    const { guid, ...details } = valid;
    const result = registrationFormSchema.safeParse({ ...details, agreement: false });
    expect(result.success).toBe(false);
    expect(registrationFormSchema.safeParse({ ...details, agreement: true }).success).toBe(true);
  });
});

describe("the error contract's validationErrors", () => {
  it("a non-object body is reported on 'body'", () => {
    const result = registerSchema.safeParse([1, 2]);
    if (result.success) throw new Error("unreachable");
    expect(toValidationErrors(result.error, [1, 2])).toEqual({ body: ["Invalid"] });
  });
});
