// The public verification page and its preview image look a certificate up under the same
// per-address limit as Certificates/Check, so neither is a way round it.
import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/http/rate-limit";
import { isUnsafeText } from "@/lib/http/unsafe-text";
import { certificateCheckSchema } from "@/lib/validation/certificates";
import { type Certificate, certificateOfUsername } from "./certificates";
import { certificateChecks } from "./check-limit";

export type PublicLookup = { certificate: Certificate | null; limited: boolean };

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

export async function lookUpPublicly(segment: string): Promise<PublicLookup> {
  try {
    await certificateChecks.consume(clientAddress(await headers()));
  } catch {
    return { certificate: null, limited: true };
  }
  const username = usernameOfSegment(segment);
  return { certificate: username ? await certificateOfUsername(username) : null, limited: false };
}
