// Where the links and QR codes the site hands out point (a certificate's check address, the
// protocol's QR code, the return from a payment): PUBLIC_URL, the address printed on paper, when
// it is set (every deployment); without it (the demo, opened on a phone at this machine's address
// on the school's network) the address the visitor opened, so that a link they follow or a code
// they scan leads back to the same machine rather than to the phone's own "localhost".
import "server-only";
import { headers } from "next/headers";
import { config } from "@/lib/config";
import { visitorOrigin } from "./visitor-origin";

/** The origin the links handed to this request's visitor start with (read in a request's scope). */
export async function siteOrigin(): Promise<string> {
  const c = config();
  return c.publicUrlSet ? c.publicUrl : visitorOrigin(await headers());
}
