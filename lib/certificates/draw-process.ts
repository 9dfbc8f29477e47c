// The child program that draws certificates (lib/background/child.ts starts it at the lowest
// priority; scripts/build-workers.mjs builds it): a job is a certificate and its kind, the answer
// its PNG. Drawing is the WebAssembly of next/og (satori's layout, resvg's raster): a third of a
// CPU-second at print size, spent here rather than in the process that answers pupils.

import { serveJobs } from "@/lib/background/serve";
import { messagesOf } from "@/lib/i18n/catalogues";
import { DEFAULT_LOCALE } from "@/shared/i18n/locale.mjs";
import type { Certificate } from "./certificates";
import { certificateImage, notFoundPreview } from "./image";

export type DrawJob = { certificate: Certificate; preview: boolean } | { notFound: true };

const bytesOf = async (image: Response) => new Uint8Array(await image.arrayBuffer());

serveJobs<DrawJob, Uint8Array>((job) =>
  "notFound" in job
    ? bytesOf(notFoundPreview(messagesOf(DEFAULT_LOCALE)))
    : certificateImage(job.certificate, { preview: job.preview }).then(bytesOf),
);
