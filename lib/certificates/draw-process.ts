// The child program that draws certificates (lib/background/child.ts starts it at the lowest
// priority; scripts/build-workers.mjs builds it): a job is a certificate and its kind, the answer
// its PNG. Drawing is the WebAssembly of next/og (satori's layout, resvg's raster): a third of a
// CPU-second at print size, spent here rather than in the process that answers pupils. On a
// database server the child keeps the picture itself (`keep`: ./kept.ts), and sends it back only
// when asked (`answer`): thousands drawn ahead never pass through the web process's memory.

import type { ChildWrite } from "@/lib/background/child-read";
import { writeWith } from "@/lib/background/read-in-child";
import { serveJobs } from "@/lib/background/serve";
import { messagesOf } from "@/lib/i18n/catalogues";
import { DEFAULT_LOCALE } from "@/shared/i18n/locale.mjs";
import type { Certificate } from "./certificates";
import { certificateImage, notFoundPreview } from "./image";

export type DrawJob = { certificate: Certificate; preview: boolean; keep: ChildWrite | null; answer: boolean } | { notFound: true };

const bytesOf = async (image: Response) => Buffer.from(await image.arrayBuffer());

serveJobs<DrawJob, Uint8Array | null>(async (job) => {
  if ("notFound" in job) return bytesOf(notFoundPreview(messagesOf(DEFAULT_LOCALE)));
  const png = await bytesOf(await certificateImage(job.certificate, { preview: job.preview }));
  if (job.keep) await writeWith(job.keep, png);
  return job.answer ? png : null;
});
