// Every public lookup of a certificate (Certificates/Check, the /cert page, its preview image)
// goes through lookUpCertificate, under the same limits (check-limit.ts): none is a way round them.
import "server-only";
import { headers } from "next/headers";
import { certificateCheckSchema } from "@/lib/certificates/schema";
import { AppError } from "@/lib/http/errors";
import { clientAddress } from "@/lib/http/rate-limit";
import { isUnsafeText } from "@/lib/http/unsafe-text";
import { certificateOfUsername, type PupilCertificate } from "./certificates";
import { certificateLookups, certificateMisses } from "./check-limit";

export type PublicLookup = { certificate: PupilCertificate | null; limited: boolean };

/**
 * The username in a path segment. Routes hand it over decoded or not (a page and its image
 * differ), so decoding is tried once and a segment that is not valid percent-encoding is taken
 * as it is; anything no username can be (a NUL, too long) is simply not found.
 */
function usernameOfSegment(segment: string): string | null {
  let value = segment;
  try {
    value = decodeURIComponent(segment);
  } catch {
    // "%" alone and the like: already decoded.
  }
  const parsed = certificateCheckSchema.safeParse({ username: value });
  return parsed.success && !isUnsafeText(parsed.data.username) ? parsed.data.username : null;
}

/** A lookup from `address`; 429 past its limits. Only a lookup that finds nothing counts as a miss. */
export async function lookUpCertificate(username: string | null, address: string): Promise<PupilCertificate | null> {
  await certificateMisses.check(address);
  await certificateLookups.consume(address);
  const certificate = username ? await certificateOfUsername(username) : null;
  if (!certificate) await certificateMisses.consume(address).catch(() => {}); // the 429 comes on the next try
  return certificate;
}

/** For the page and its preview: the lookup of a path segment, or `limited`. */
export async function lookUpPublicly(segment: string): Promise<PublicLookup> {
  try {
    return { certificate: await lookUpCertificate(usernameOfSegment(segment), clientAddress(await headers())), limited: false };
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return { certificate: null, limited: true };
    throw error;
  }
}
