// A person's name as the spec prints it (last, first, middle), and the certificate's file name.
export type PersonName = { lastName: string; firstName: string; middleName: string | null };

export function fullName(person: PersonName): string {
  return [person.lastName, person.firstName, person.middleName].filter(Boolean).join(" ");
}

/** "Sardor_Toshmatov_Alisherovich.png": first, last and middle names, safe in any file system. */
export function certificateFileName(person: PersonName): string {
  const safe = (part: string) => part.replace(/[^\p{L}\p{M}\p{N}'ʻʼ‘’-]+/gu, "_");
  return `${[person.firstName, person.lastName, person.middleName]
    .filter(Boolean)
    .map((p) => safe(p!))
    .join("_")}.png`;
}
