// A person's name as the spec prints it (last, first, middle), and the certificate's file name.
export type PersonName = { lastName: string; firstName: string; middleName: string | null };

/** Last, first and middle name: the one order every page, list and the certificate use. */
const nameParts = (person: PersonName): string[] =>
  [person.lastName, person.firstName, person.middleName].filter((part): part is string => Boolean(part));

export function fullName(person: PersonName): string {
  return nameParts(person).join(" ");
}

/** "Toshmatov_Sardor_Alisherovich.png": the name in the same order, safe in any file system. */
export function certificateFileName(person: PersonName): string {
  const safe = (part: string) => part.replace(/[^\p{L}\p{M}\p{N}'ʻʼ‘’-]+/gu, "_");
  return `${nameParts(person).map(safe).join("_")}.png`;
}
