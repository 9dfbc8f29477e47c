// Where drawn certificates are kept: the certificate_pictures table (db/schema.ts). In the
// database, because every process and every machine of the site reads the same one, it outlives
// a restart of any of them, and the rows go with the pupil. Each row names the version of the
// content it shows (./render.ts certificateVersion): a picture is served only for the version the
// pupil's certificate has now, so a change that alters what it shows (a name fixed, a block, a
// date) never serves the old one, and the drawing ahead (./ahead.ts) discards it.
import "server-only";
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { certificatePictures } from "@/db/schema";
import { type ChildWrite, childWrite } from "@/lib/background/child-read";
import { claimUntil, unclaimed } from "@/lib/background/lease";
import { db } from "@/lib/db/client";
import type { PupilCertificate } from "./certificates";

export type PictureKind = "print" | "preview";

/** A kept row's address: whose, which kind, for which site address. */
export type PictureKey = { userId: number; kind: PictureKind; origin: string };

/** How long a process may take to draw a picture it claimed before another may claim it. */
const CLAIM_SECONDS = 120;

/** The site address a certificate's QR code names (its check page's origin). */
export const originOf = (certificate: PupilCertificate) => new URL(certificate.verifyUrl).origin;

const keyOf = (certificate: PupilCertificate, kind: PictureKind) =>
  and(
    eq(certificatePictures.userId, certificate.userId),
    eq(certificatePictures.kind, kind),
    eq(certificatePictures.origin, originOf(certificate)),
  );

/** The kept picture of this version of the certificate, or null. */
export async function storedPng(certificate: PupilCertificate, kind: PictureKind, version: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ png: certificatePictures.png })
    .from(certificatePictures)
    .where(and(keyOf(certificate, kind), eq(certificatePictures.version, version), isNotNull(certificatePictures.png)));
  return row?.png ?? null;
}

/** The statement that keeps `png` as this version's picture (any other version's is replaced). */
const keepSql = (certificate: PupilCertificate, kind: PictureKind, version: string, png: Buffer) =>
  sql`insert into ${certificatePictures} (user_id, kind, origin, version, png, drawn_at, claimed_until)
      values (${certificate.userId}, ${kind}, ${originOf(certificate)}, ${version}, ${png}, now(), null)
      on conflict (user_id, kind, origin) do update
      set version = excluded.version, png = excluded.png, drawn_at = excluded.drawn_at, claimed_until = null`;

/** Keeps `png` as this version's picture, from this process. */
export async function keepPng(certificate: PupilCertificate, kind: PictureKind, version: string, png: Buffer): Promise<void> {
  await db.execute(keepSql(certificate, kind, version, png));
}

/** The same for the child that draws it to run itself (on a database server; null on the embedded one). */
export const keepInChild = (certificate: PupilCertificate, kind: PictureKind, version: string): ChildWrite | null =>
  childWrite((slot) => keepSql(certificate, kind, version, slot));

/**
 * Claims the drawing of this version for this process (a lease, lib/background/lease.ts, on a row
 * made here if there is none): true unless it is kept already or another process's claim has not
 * run out. A kept picture of another version is discarded here.
 */
export async function claimDrawing(certificate: PupilCertificate, kind: PictureKind, version: string): Promise<boolean> {
  const until = claimUntil(CLAIM_SECONDS);
  const claimed = await db
    .insert(certificatePictures)
    .values({ userId: certificate.userId, kind, origin: originOf(certificate), version, png: null, claimedUntil: until })
    .onConflictDoUpdate({
      target: [certificatePictures.userId, certificatePictures.kind, certificatePictures.origin],
      set: { version, png: null, drawnAt: null, claimedUntil: until },
      setWhere: or(
        sql`${certificatePictures.version} <> ${version}`,
        and(isNull(certificatePictures.png), unclaimed(certificatePictures.claimedUntil)),
      ),
    })
    .returning({ userId: certificatePictures.userId });
  return claimed.length > 0;
}

/** Lets go of this process's claim of a version it could not draw (a row without a picture only). */
export async function releaseClaim(certificate: PupilCertificate, kind: PictureKind, version: string): Promise<void> {
  await db
    .delete(certificatePictures)
    .where(and(keyOf(certificate, kind), eq(certificatePictures.version, version), isNull(certificatePictures.png)));
}

/** The kept rows' keys and versions (drawn or claimed) of the pupils whose id is above `afterUserId` and at most `upToUserId`. */
export function keptVersions(afterUserId: number, upToUserId: number): Promise<(PictureKey & { version: string })[]> {
  return db
    .select({
      userId: certificatePictures.userId,
      kind: sql<PictureKind>`${certificatePictures.kind}`,
      origin: certificatePictures.origin,
      version: certificatePictures.version,
    })
    .from(certificatePictures)
    .where(and(gt(certificatePictures.userId, afterUserId), lte(certificatePictures.userId, upToUserId)));
}

/** Removes these rows. */
export async function discardPictures(keys: PictureKey[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 500) {
    const slice = keys.slice(i, i + 500);
    await db
      .delete(certificatePictures)
      .where(
        or(
          ...slice.map((k) =>
            and(eq(certificatePictures.userId, k.userId), eq(certificatePictures.kind, k.kind), eq(certificatePictures.origin, k.origin)),
          ),
        ),
      );
  }
}
