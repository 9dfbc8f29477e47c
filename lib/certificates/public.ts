// The public verification page and its preview image look a certificate up under the same
// per-address limit as Certificates/Check, so neither is a way round it.
import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/http/rate-limit";
import { certificateOfUsername, type Certificate } from "./certificates";
import { certificateChecks } from "./check-limit";

export type PublicLookup = { certificate: Certificate | null; limited: boolean };

export async function lookUpPublicly(username: string): Promise<PublicLookup> {
  try {
    await certificateChecks.consume(clientAddress(await headers()));
  } catch {
    return { certificate: null, limited: true };
  }
  return { certificate: await certificateOfUsername(decodeURIComponent(username).slice(0, 30)), limited: false };
}
